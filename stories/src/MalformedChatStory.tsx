import type { Message } from "@crayonai/react-core";
import { CrayonChat } from "@crayonai/react-ui";
import { useScriptedChat } from "./scriptedChat";

/**
 * Messages as a hand-built or buggy backend might hand them over, unchecked: each shape that
 * used to unmount the whole chat, between valid messages, and a reply with a remote image.
 */
const MESSAGES = [
  { id: "u1", role: "user", content: "Here is what the old backend stored." },
  { id: "bad-object", role: "user", content: { text: "object content" } },
  { id: "bad-parts", role: "user", content: [null] },
  { id: "bad-tools", role: "assistant", content: "Calling a tool", toolCalls: "nope" },
  { id: "bad-call", role: "assistant", toolCalls: [{ id: "c", type: "function", function: null }] },
  { id: "bad-sources", role: "assistant", content: "With sources", sources: [null, 3] },
  { id: "bad-files", role: "assistant", content: "With files", files: {} },
  { id: "bad-activity", role: "activity", activityType: "plan", content: null },
  null,
  {
    id: "a1",
    role: "assistant",
    status: "complete",
    content:
      "The valid messages still show, and so does this chart, once you choose to load it:\n\n![Sales chart](https://charts.example.com/sales.png)",
  },
] as unknown as Message[];

/** `CrayonChat` showing {@link MESSAGES} through a hand-built manager (no validation). */
export function MalformedChatStory() {
  const chat = useScriptedChat();
  return (
    <CrayonChat
      agentName="Crayon"
      chat={{ ...chat, threadManager: { ...chat.threadManager, messages: MESSAGES } }}
    />
  );
}
