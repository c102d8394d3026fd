import { ar } from "@crayonai/react-ui/locales/ar";
import type { Message } from "@crayonai/stream";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { ChatStory } from "./ChatStory";
import { LOGO_URL } from "./fixtures";
import type { PreloadedThread } from "./scriptedChat";

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

/**
 * A conversation in Arabic: reasoning, a decided tool call, a reply with a list, a table and
 * code (which stays left to right), and a question in English whose reply runs left to right.
 */
const ARABIC_CONVERSATION: Message[] = [
  { id: "ar_u1", role: "user", content: "كيف أبث الرد من الخادم إلى الواجهة؟" },
  {
    id: "ar_r1",
    role: "reasoning",
    content: "يسأل المستخدم عن البث. سأشرح `processMessage` وأعطي مثالًا قصيرًا.",
    durationMs: 4_000,
  },
  {
    id: "ar_a1",
    role: "assistant",
    status: "complete",
    content: "سأتحقق أولًا من إصدار الحزمة في مشروعك.",
    toolCalls: [
      {
        id: "ar_c1",
        type: "function",
        function: {
          name: "read_package",
          arguments: '{"name":"@crayonai/server","field":"version"}',
        },
        metadata: { approved: true },
      },
    ],
  },
  { id: "ar_t1", role: "tool", toolCallId: "ar_c1", content: '{"version":"0.7.0"}' },
  {
    id: "ar_a2",
    role: "assistant",
    status: "complete",
    content: [
      "أعد `Response` متدفقًا من `processMessage`. مع `@crayonai/server/sse` يكفي استدعاء واحد:",
      "",
      "```ts",
      "return crayonSSEResponse(events);",
      "```",
      "",
      "ثم تعرض الواجهة الرد **فور وصوله**:",
      "",
      "1. يصل كل جزء من النص حدثًا مستقلًا.",
      "2. يُضاف الجزء إلى الرسالة المعروضة.",
      "",
      "| الحدث | المعنى |",
      "| --- | --- |",
      "| `text-delta` | جزء من نص الرد |",
      "| `tool-call` | استدعاء أداة |",
    ].join("\n"),
  },
  { id: "ar_u2", role: "user", content: "And how do I stop it?" },
  {
    id: "ar_a3",
    role: "assistant",
    status: "complete",
    content: "Pass `abortController.signal` to `fetch`: the stop button aborts it.",
  },
];

const NOW = Date.UTC(2025, 0, 15, 12);

const ARABIC_THREADS: PreloadedThread[] = [
  {
    threadId: "ar_streaming",
    title: "بث الردود من الخادم",
    createdAt: NOW,
    messages: ARABIC_CONVERSATION,
  },
  {
    threadId: "ar_pricing",
    title: "أسئلة عن الأسعار",
    createdAt: NOW - DAY,
    messages: [
      { id: "arp_u1", role: "user", content: "هل توجد خطة مجانية؟" },
      { id: "arp_a1", role: "assistant", status: "complete", content: "نعم، حتى 1,000 رسالة." },
    ],
  },
  {
    threadId: "ar_release",
    title: "قائمة مهام الإصدار 0.7",
    createdAt: NOW - 3 * DAY,
    messages: [
      { id: "arr_u1", role: "user", content: "ما الذي بقي للإصدار 0.7؟" },
      { id: "arr_a1", role: "assistant", status: "complete", content: "سجل التغييرات والتوثيق." },
    ],
  },
];

const meta = {
  title: "CrayonChat/Localisation",
  component: ChatStory,
  args: {
    agentName: "كرايون",
    logoUrl: LOGO_URL,
    locale: "ar",
    messages: ar,
    scripted: { threads: ARABIC_THREADS, selectedThreadId: "ar_streaming" },
  },
} satisfies Meta<typeof ChatStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The chat in Arabic (`locale="ar"` and the catalogue from `@crayonai/react-ui/locales/ar`):
 * mirrored, the thread list on the right and the user's bubbles on the left; each message in
 * its own direction (the English question and reply left to right), code left to right.
 */
export const Arabic: Story = { tags: ["phone"], args: { type: "standalone" } };

/** The Arabic chat in dark mode. */
export const ArabicDark: Story = { args: { type: "standalone", theme: { mode: "dark" } } };

/** The Arabic bottom tray, open: it sits at the bottom left, the reading end of the page. */
export const ArabicBottomTray: Story = {
  args: { type: "bottom-tray", defaultOpen: true },
  render: (args) => (
    <div dir="rtl" style={{ height: "100%" }}>
      <ChatStory {...args} />
    </div>
  ),
};

/** An empty Arabic thread: the welcome screen in Arabic, and the composer's placeholder. */
export const ArabicWelcome: Story = {
  args: {
    type: "copilot",
    scripted: { threads: ARABIC_THREADS },
    welcomeMessage: { title: "مرحبًا، أنا كرايون", description: "اسألني عن البث والأدوات." },
    conversationStarters: [{ displayText: "اشرح البث", prompt: "Show me a markdown example" }],
  },
  render: (args) => (
    <div style={{ width: 420, height: "100%" }}>
      <ChatStory {...args} />
    </div>
  ),
};
