import type { Meta, StoryObj } from "@storybook/react-vite";
import { ChatStory } from "./ChatStory";
import { SCRIPT_PROMPTS } from "./chatScripts";
import { BRANCH_THREAD, LOGO_URL, longThread } from "./fixtures";
import { MalformedChatStory } from "./MalformedChatStory";

const LONG_THREAD = longThread(2000);

const meta = {
  title: "CrayonChat/States",
  component: ChatStory,
  args: { type: "standalone", agentName: "Crayon", logoUrl: LOGO_URL },
} satisfies Meta<typeof ChatStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A reply mid-stream, frozen: its stream never finishes, so the stop button stays. */
export const Streaming: Story = {
  args: { scripted: { send: SCRIPT_PROMPTS.neverFinishes, delayMs: 5 } },
};

/**
 * A reply mid-stream with two messages sent meanwhile: they wait in the queue above the
 * composer, each with Edit and Remove, to be sent in order when the reply ends.
 */
export const QueuedWhileStreaming: Story = {
  tags: ["phone"],
  args: {
    scripted: {
      send: SCRIPT_PROMPTS.neverFinishes,
      queue: ["Can you give me a shorter version?", "And list the sources you used"],
      delayMs: 5,
    },
  },
};

/**
 * Healed markdown: a reply frozen mid-sentence with `**bold` and a link still open.
 * The growing block shows them formatted (the link as its text), not as raw markers.
 */
export const HealedMarkdown: Story = {
  args: { scripted: { send: SCRIPT_PROMPTS.halfWritten, delayMs: 5 } },
};

/** A tool call waiting for the user's approval (`tool-approval-request`). */
export const AwaitingApproval: Story = {
  tags: ["phone"],
  args: { scripted: { send: SCRIPT_PROMPTS.approval, delayMs: 5 } },
};

/** The assistant asked a question and paused (`status-update: awaiting_input`). */
export const AwaitingInput: Story = {
  args: { scripted: { send: SCRIPT_PROMPTS.question, delayMs: 5 } },
};

/** The stream failed part-way: partial text kept, the error shown with Retry (which succeeds). */
export const ErrorWithRetry: Story = {
  tags: ["phone"],
  args: { scripted: { send: SCRIPT_PROMPTS.errorMidStream, delayMs: 5 } },
};

/** The first question was edited: the branch picker shows 2 / 2. */
export const BranchPicker: Story = {
  args: {
    scripted: {
      threads: [BRANCH_THREAD],
      selectedThreadId: BRANCH_THREAD.threadId,
      setup: (chat) =>
        chat.threadManager.editMessage("branch_u1", "What's the weather in Paris tomorrow?"),
      delayMs: 5,
    },
  },
};

/** 2,000 preloaded messages. */
export const LongThread: Story = {
  args: {
    scripted: { threads: [LONG_THREAD], selectedThreadId: LONG_THREAD.threadId },
  },
};

/**
 * Malformed messages from an unchecked source: each bad row shows a compact error, the valid
 * rows and the composer keep working, and a remote image waits for a click.
 */
export const MalformedMessages: Story = {
  render: () => <MalformedChatStory />,
};
