import type { Message } from "@crayonai/stream";
import type { PreloadedThread } from "./scriptedChat";

/** The logo the stories show (served from `public/`). */
export const LOGO_URL = "./logo.svg";

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2025, 0, 15, 12);

/** A short finished conversation with markdown. */
export const SAMPLE_CONVERSATION: Message[] = [
  { id: "sample_u1", role: "user", content: "How do I stream a reply from my backend?" },
  {
    id: "sample_a1",
    role: "assistant",
    status: "complete",
    content:
      "Return a streaming `Response` from `processMessage`. With `@crayonai/server/sse` it is one call:\n\n```ts\nreturn crayonSSEResponse(events);\n```\n\nThe UI then shows the reply **as it arrives**.",
  },
  { id: "sample_u2", role: "user", content: "And stopping it?" },
  {
    id: "sample_a2",
    role: "assistant",
    status: "complete",
    content:
      "Pass `abortController.signal` to `fetch`. The stop button aborts it and keeps what streamed so far.",
  },
];

/** A thread list whose first thread holds {@link SAMPLE_CONVERSATION}. */
export const SAMPLE_THREADS: PreloadedThread[] = [
  {
    threadId: "t_streaming",
    title: "Streaming from a backend",
    createdAt: NOW,
    messages: SAMPLE_CONVERSATION,
  },
  {
    threadId: "t_pricing",
    title: "Pricing questions",
    createdAt: NOW - DAY,
    messages: [
      { id: "p_u1", role: "user", content: "Is there a free tier?" },
      { id: "p_a1", role: "assistant", status: "complete", content: "Yes, up to 1,000 messages." },
    ],
  },
  {
    threadId: "t_release",
    title: "Release checklist for 0.7",
    createdAt: NOW - 3 * DAY,
    messages: [
      { id: "r_u1", role: "user", content: "What's left for 0.7?" },
      { id: "r_a1", role: "assistant", status: "complete", content: "The changelog and docs." },
    ],
  },
];

/** A thread whose first question is edited by the story, leaving two branches. */
export const BRANCH_THREAD: PreloadedThread = {
  threadId: "t_branch",
  title: "Weather",
  createdAt: NOW,
  messages: [
    { id: "branch_u1", role: "user", content: "What's the weather in Paris?" },
    {
      id: "branch_a1",
      role: "assistant",
      status: "complete",
      content: "It is **12 °C and cloudy** in Paris.",
    },
  ],
};

/** A thread of `count` messages (alternating user and assistant), to check long lists. */
export function longThread(count: number): PreloadedThread {
  const messages: Message[] = [];
  for (let i = 0; i < count; i += 2) {
    const n = i / 2 + 1;
    messages.push({ id: `long_u${n}`, role: "user", content: `Question ${n}: what is ${n} × 3?` });
    if (i + 1 < count) {
      messages.push({
        id: `long_a${n}`,
        role: "assistant",
        status: "complete",
        content: `${n} × 3 = **${n * 3}**.`,
      });
    }
  }
  return { threadId: "t_long", title: `${count} messages`, createdAt: NOW, messages };
}

/**
 * A thread whose tool calls render with the demo tool UIs: a finished weather call, a tool
 * without a UI (the built-in card), and a confirmation the user has not answered yet.
 */
export const TOOL_UI_THREAD: PreloadedThread = {
  threadId: "t_tools",
  title: "Trip to Paris",
  createdAt: NOW,
  messages: [
    { id: "tools_u1", role: "user", content: "Weather in Paris, and book us a table?" },
    {
      id: "tools_a1",
      role: "assistant",
      status: "complete",
      content: "Checking the weather and the restaurant list.",
      toolCalls: [
        {
          id: "tools_c1",
          type: "function",
          function: { name: "get_weather", arguments: '{"city":"Paris"}' },
        },
        {
          id: "tools_c2",
          type: "function",
          function: { name: "search_restaurants", arguments: '{"near":"Louvre","people":2}' },
        },
      ],
    },
    {
      id: "tools_t1",
      role: "tool",
      toolCallId: "tools_c1",
      content:
        '{"city":"Paris","temperatureC":12,"condition":"cloudy","humidityPercent":71,"windKmh":14}',
    },
    {
      id: "tools_t2",
      role: "tool",
      toolCallId: "tools_c2",
      content: '[{"name":"Luigi\'s","free":"19:30"}]',
    },
    {
      id: "tools_a2",
      role: "assistant",
      status: "complete",
      content: "It is 12 °C and cloudy. Luigi's has a table at 19:30:",
      toolCalls: [
        {
          id: "tools_c3",
          type: "function",
          function: {
            name: "confirm_action",
            arguments:
              '{"question":"Book a table for 2 at Luigi\'s on Friday at 19:30?","confirmLabel":"Book it","cancelLabel":"Not now"}',
          },
        },
      ],
    },
  ],
};

/** A 2×2 PNG (red to black), small enough to inline. */
export const TINY_PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==";

/** A thread whose question carries an image and a PDF, as the composer sends them. */
export const ATTACHMENT_THREAD: PreloadedThread = {
  threadId: "t_files",
  title: "Receipt",
  createdAt: NOW,
  messages: [
    {
      id: "files_u1",
      role: "user",
      content: [
        { type: "text", text: "Can you total this receipt?" },
        {
          type: "image",
          filename: "receipt.png",
          source: { type: "data", mimeType: "image/png", value: TINY_PNG_BASE64 },
        },
        {
          type: "document",
          filename: "statement.pdf",
          source: { type: "url", value: "https://files.example.com/statement.pdf" },
        },
      ],
    },
    {
      id: "files_a1",
      role: "assistant",
      status: "complete",
      content: "The receipt totals **€42.10**; the statement lists the same amount on March 3.",
    },
  ],
};
