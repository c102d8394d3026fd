import type { Message } from "@crayonai/react-core";
import { CrayonChat } from "@crayonai/react-ui";
import { LOGO_URL } from "./fixtures";
import { useScriptedChat } from "./scriptedChat";

/**
 * Messages as a hand-built or buggy backend might hand them over, unchecked: each shape that
 * used to unmount the whole chat, between valid messages, and a reply with a same-origin image
 * (loads) and a remote one (waits for a click).
 */
const MESSAGES = [
  { id: "u1", role: "user", content: "Here is what the old backend stored." },
  { id: "bad-object", role: "user", content: { text: "object content" } },
  { id: "bad-parts", role: "user", content: [null] },
  { id: "bad-image", role: "user", content: [{ type: "image" }] },
  { id: "bad-tools", role: "assistant", content: "Calling a tool", toolCalls: "nope" },
  {
    id: "bad-call",
    role: "assistant",
    content: "This reply's text stays; only its broken tool call is replaced.",
    toolCalls: [{ id: "c", type: "function", function: null }],
  },
  { id: "bad-call-list", role: "assistant", content: "Listed calls", toolCalls: [null] },
  { id: "bad-sources", role: "assistant", content: "With sources", sources: [null, 3] },
  { id: "bad-files", role: "assistant", content: "With files", files: {} },
  { id: "bad-activity", role: "activity", activityType: "plan", content: null },
  null,
  { id: "u2", role: "user", content: "And a chart, please." },
  {
    id: "a1",
    role: "assistant",
    status: "complete",
    content: [
      "The valid messages still show. An image from this page loads at once:",
      `![Crayon logo](${LOGO_URL})`,
      "One from another site waits until you choose to load it:",
      "![Sales chart](https://charts.example.com/sales.png)",
    ].join("\n\n"),
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
