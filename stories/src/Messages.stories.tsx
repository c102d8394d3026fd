import type { Meta, StoryObj } from "@storybook/react-vite";
import { ChatStory } from "./ChatStory";
import { SCRIPT_PROMPTS } from "./chatScripts";
import { LOGO_URL } from "./fixtures";

/** A story that opens by sending `prompt`; the scripted reply plays out (fast). */
function sending(prompt: string): Story {
  return { args: { scripted: { send: prompt, delayMs: 5 } } };
}

const meta = {
  title: "CrayonChat/Message kinds",
  component: ChatStory,
  args: { type: "copilot", agentName: "Crayon", logoUrl: LOGO_URL },
  decorators: [
    (Story) => (
      <div style={{ height: "100%", maxWidth: 720, margin: "0 auto" }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ChatStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Markdown: headings, a list, a table, a link and a code block. */
export const MarkdownAndCode: Story = { ...sending(SCRIPT_PROMPTS.markdown), tags: ["phone"] };

/** Finished reasoning (collapsed) followed by the answer. */
export const Reasoning: Story = sending(SCRIPT_PROMPTS.reasoning);

/** Reasoning still streaming (`isThinking`): the reply never finishes. */
export const Thinking: Story = sending(SCRIPT_PROMPTS.thinkingForever);

/** A tool call whose arguments are complete, waiting for its result forever. */
export const ToolRunning: Story = sending(SCRIPT_PROMPTS.toolRunningForever);

/** A tool call with its result, then the answer that uses it. */
export const ToolDone: Story = sending(SCRIPT_PROMPTS.toolDone);

/** A tool call that failed, and the assistant saying so. */
export const ToolFailed: Story = sending(SCRIPT_PROMPTS.toolFailed);

/** An activity (a plan) whose steps progressed through patches to completion. */
export const ActivityPlan: Story = sending(SCRIPT_PROMPTS.plan);

/** A long answer: the list scrolls with it. */
export const LongAnswer: Story = sending(SCRIPT_PROMPTS.long);

/** An answer citing its sources: each [N] links to the N-th source, listed as cards below. */
export const Citations: Story = sending(SCRIPT_PROMPTS.cited);
