import type { Meta, StoryObj } from "@storybook/react-vite";
import { ChatStory } from "./ChatStory";
import { SCRIPT_PROMPTS } from "./chatScripts";
import { LOGO_URL } from "./fixtures";

const meta = {
  title: "CrayonChat/Message actions",
  component: ChatStory,
  args: { type: "standalone", agentName: "Crayon", logoUrl: LOGO_URL },
} satisfies Meta<typeof ChatStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A finished reply with its action row: Copy, Good / Bad response (`onFeedback` is set) and
 * Regenerate; the reasoning before it reads "Thought for N s". The row shows on hover or focus
 * where a pointer hovers.
 */
export const CopyAndFeedback: Story = {
  args: {
    onFeedback: (feedback) => console.info("feedback", feedback),
    scripted: { send: SCRIPT_PROMPTS.reasoning, delayMs: 5 },
  },
};
