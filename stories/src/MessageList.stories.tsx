import type { Meta, StoryObj } from "@storybook/react-vite";
import { SCRIPT_PROMPTS } from "./chatScripts";
import { useScriptedChat } from "./scriptedChat";

/** The scripted chat rendered with plain elements: shows the raw message model as it streams. */
function PlainMessageList({ send }: { send?: string }) {
  const { threadManager } = useScriptedChat({ send });
  return (
    <main style={{ fontFamily: "system-ui", padding: 16 }}>
      <ol aria-label="Messages">
        {threadManager.messages.map((message) => (
          <li key={message.id}>
            <strong>{message.role}</strong>{" "}
            <pre style={{ whiteSpace: "pre-wrap", display: "inline" }}>
              {typeof message.content === "string"
                ? message.content
                : JSON.stringify(message.content)}
            </pre>
          </li>
        ))}
      </ol>
      <p role="status">{threadManager.isRunning ? "Streaming…" : "Idle"}</p>
    </main>
  );
}

const meta = {
  title: "Internals/Plain message list",
  component: PlainMessageList,
} satisfies Meta<typeof PlainMessageList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A tool call and its result, as plain messages. */
export const ToolCall: Story = { args: { send: SCRIPT_PROMPTS.toolDone } };
