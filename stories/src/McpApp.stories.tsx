import type { Meta, StoryObj } from "@storybook/react-vite";
import { SCRIPT_PROMPTS } from "./chatScripts";
import { LOGO_URL } from "./fixtures";
import { McpAppStory } from "./mcpApps/McpAppStory";
import { CLOCK_THREAD, FAILURES_THREAD, hostileThread, OTHER_CALL_THREAD } from "./mcpApps/threads";
import type { PreloadedThread } from "./scriptedChat";

// MCP Apps: a tool's own interface from its MCP server, in a sandboxed frame, served by an
// in-browser stand-in for the server's routes. The hostile apps each try one thing the host
// must not allow; stories/scripts/mcpAppChecks.mjs checks in Chromium that they fail.

const meta = {
  title: "Tool UIs/MCP App",
  component: McpAppStory,
  args: { type: "standalone", agentName: "Crayon", logoUrl: LOGO_URL },
} satisfies Meta<typeof McpAppStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const opened = (thread: PreloadedThread) => ({
  scripted: { threads: [thread], selectedThreadId: thread.threadId },
});

/** The world clock app for a finished call: the time zone it was called with, and the result. */
export const Clock: Story = { args: opened(CLOCK_THREAD) };

/** The same app in the dark theme: the host passes its theme and colours to the app. */
export const ClockDark: Story = { args: { ...opened(CLOCK_THREAD), theme: { mode: "dark" } } };

/** The app opens while the model writes the call: it shows the arguments as they arrive. */
export const StreamsItsArguments: Story = {
  args: { scripted: { send: SCRIPT_PROMPTS.mcpClock, delayMs: 50 } },
};

/** An app that tries to read and change the page around it, and to reach the network. */
export const CannotReadTheHostPage: Story = {
  args: { ...opened(hostileThread("snoop")) },
};

/** An app that tries to navigate the top window (location, a `_top` link, a form) or open one. */
export const CannotNavigateTheTopWindow: Story = {
  args: { ...opened(hostileThread("hijack")) },
};

/** An app that opens a window on its own (blocked) and asks for a link (the user decides). */
export const OpensLinksOnlyWhenConfirmed: Story = {
  args: { ...opened(hostileThread("open_links")), readyWhen: ".crayon-mcp-app__confirm" },
};

/** An app that posts results and answers as if for the other app's call. */
export const CannotPostForAnotherCall: Story = { args: { ...opened(OTHER_CALL_THREAD), apps: 2 } };

/** An app that asks for an endless height: its frame stops at the cap. */
export const CannotGrowWithoutBound: Story = { args: opened(hostileThread("balloon")) };

/** An app that sends ten messages at once: three go to the chat, the card says the rest did not. */
export const CannotFloodTheChat: Story = {
  args: { ...opened(hostileThread("flood")), readyWhen: ".crayon-mcp-app__notice" },
};

/** An app that calls a model-only tool, another server's tool and an unlisted one. */
export const CannotCallModelOnlyTools: Story = { args: opened(hostileThread("escalate")) };

/**
 * Interfaces that cannot load: the server disconnected, a page that is not an MCP App, one over
 * the size limit. Each card says why, over the tool's plain result.
 */
export const InterfacesThatCannotLoad: Story = {
  args: { ...opened(FAILURES_THREAD), apps: 3 },
};
