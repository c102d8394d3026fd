import { demoToolUIs } from "@crayonai/demo-ui";
import "@crayonai/demo-ui/demo-ui.css";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { BOOK_HOTEL_THREAD, bookHotelToolUIs } from "./bookHotelTool";
import { ChatStory } from "./ChatStory";
import { SCRIPT_PROMPTS } from "./chatScripts";
import { LOGO_URL, TOOL_UI_THREAD } from "./fixtures";
import { HOSTED_TOOLS_THREAD } from "./hostedToolsThread";

const meta = {
  title: "CrayonChat/Tool UIs",
  component: ChatStory,
  args: { type: "standalone", agentName: "Crayon", logoUrl: LOGO_URL, toolUIs: demoToolUIs },
} satisfies Meta<typeof ChatStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Tool calls rendered by name (`toolUIs`): a weather card filled from the result, the built-in
 * card for a tool without a UI, and a confirmation dialog that answers its call.
 */
export const ByToolName: Story = {
  args: {
    scripted: { threads: [TOOL_UI_THREAD], selectedThreadId: TOOL_UI_THREAD.threadId },
  },
};

/** The built-in approval card: the tool and the arguments it will run with, and Approve / Reject. */
export const ApprovalCard: Story = {
  tags: ["phone"],
  args: { scripted: { send: SCRIPT_PROMPTS.approval, delayMs: 5 } },
};

/**
 * A tool UI typed from the tool's zod schema (`defineTool` + `toolUIsFor`): a valid call shows
 * the schema's output (name trimmed, the default of 1 night applied) and Confirm; an invalid one
 * shows the schema's issues with their paths.
 */
export const TypedFromASchema: Story = {
  args: {
    toolUIs: bookHotelToolUIs,
    scripted: { threads: [BOOK_HOTEL_THREAD], selectedThreadId: BOOK_HOTEL_THREAD.threadId },
  },
};

/**
 * A weather turn as one reply: the assistant's text, the weather card and the answer that uses
 * its result read as one message, with one action row (Copy, Good / Bad, Regenerate) at its end.
 * The last reply's row always shows; Copy copies both texts, not the tool's data.
 */
export const WeatherTurnAsOneReply: Story = {
  args: {
    onFeedback: (feedback) => console.info("feedback", feedback),
    scripted: { send: SCRIPT_PROMPTS.toolDone, delayMs: 5 },
  },
};

/**
 * Tools an Open Responses server ran itself, each on its own card: a web search with the pages it
 * read, the code interpreter's code and output, a generated image and a remote MCP call. The
 * last reply is a refusal, labelled as declined.
 */
export const ServerRunTools: Story = {
  args: {
    toolUIs: {},
    scripted: { threads: [HOSTED_TOOLS_THREAD], selectedThreadId: HOSTED_TOOLS_THREAD.threadId },
  },
};
