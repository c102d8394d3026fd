import type { Meta, StoryObj } from "@storybook/react-vite";
import type { ReactNode } from "react";
import { ChatStory } from "./ChatStory";
import { SCRIPT_PROMPTS } from "./chatScripts";
import { LOGO_URL, SAMPLE_THREADS } from "./fixtures";

/** A stand-in for the host app the copilot and the bottom tray sit in. */
function HostPage({ children }: { children: ReactNode }) {
  return (
    <div style={{ display: "flex", height: "100%", fontFamily: "system-ui, sans-serif" }}>
      <main style={{ flex: 1, padding: 32, color: "#334155", background: "#f8fafc" }}>
        <h1 style={{ marginTop: 0 }}>Acme dashboard</h1>
        <p>The host application. The chat lives alongside it.</p>
      </main>
      {children}
    </div>
  );
}

const meta = {
  title: "CrayonChat/Layouts",
  component: ChatStory,
  args: {
    agentName: "Crayon",
    logoUrl: LOGO_URL,
    scripted: { threads: SAMPLE_THREADS, selectedThreadId: "t_streaming" },
  },
} satisfies Meta<typeof ChatStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Full page: the thread list on the left, the selected conversation on the right. */
export const Standalone: Story = { args: { type: "standalone" } };

/** A side panel next to the host app. */
export const Copilot: Story = {
  args: { type: "copilot" },
  render: (args) => (
    <HostPage>
      {/* The panel fills the width its host gives it, as the README says. */}
      <aside aria-label="Copilot" style={{ flex: "0 0 420px", minWidth: 0, minHeight: 0 }}>
        <ChatStory {...args} />
      </aside>
    </HostPage>
  ),
};

/** The floating tray, open. */
export const BottomTrayOpen: Story = {
  args: { type: "bottom-tray", defaultOpen: true },
  render: (args) => (
    <HostPage>
      <ChatStory {...args} />
    </HostPage>
  ),
};

/** The floating tray, closed: only the launcher shows. */
export const BottomTrayClosed: Story = {
  args: { type: "bottom-tray", defaultOpen: false },
  render: (args) => (
    <HostPage>
      <ChatStory {...args} />
    </HostPage>
  ),
};

/** An empty thread: the welcome message and conversation starters (each runs a script). */
export const Welcome: Story = {
  args: {
    type: "standalone",
    scripted: { threads: SAMPLE_THREADS },
    welcomeMessage: {
      title: "Hi, I'm Crayon",
      description: "Every suggestion below plays a scripted reply. Nothing leaves your browser.",
    },
    conversationStarters: [
      { displayText: "Markdown and code", prompt: SCRIPT_PROMPTS.markdown },
      { displayText: "Think it through", prompt: SCRIPT_PROMPTS.reasoning },
      { displayText: "Call a tool", prompt: SCRIPT_PROMPTS.toolDone },
      { displayText: "Make a plan", prompt: SCRIPT_PROMPTS.plan },
      { displayText: "Ask for approval", prompt: SCRIPT_PROMPTS.approval },
      { displayText: "Fail mid-stream", prompt: SCRIPT_PROMPTS.errorMidStream },
    ],
  },
};

/** The standalone layout in dark mode, mid-conversation with markdown and code. */
export const DarkTheme: Story = {
  args: {
    type: "standalone",
    theme: { mode: "dark" },
    scripted: {
      threads: SAMPLE_THREADS,
      selectedThreadId: "t_streaming",
      send: SCRIPT_PROMPTS.markdown,
      delayMs: 5,
    },
  },
};
