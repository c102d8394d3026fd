import type { CrayonStreamEvent, Message } from "@crayonai/stream";
import { findToolCall } from "../conversation";
import { createId } from "../ids";
import type { Script } from "../script";
import { assistantMessage, textDeltas } from "../scriptEvents";
import { fixedChunks } from "../textChunks";
import { demoToolNames } from "../toolNames";

/** The tool /confirm calls: the client's UI asks the user and answers the call. */
export const confirmToolName = demoToolNames.confirm;

/** The arguments of the call /confirm makes. */
export const bookingQuestion = {
  question: "Book a table for 2 at Luigi's on Friday at 19:30?",
  confirmLabel: "Book it",
  cancelLabel: "Not now",
};

/** What the agent says once the user confirmed, or declined. */
export const confirmedText = "Booked: a table for 2 at Luigi's, Friday at 19:30.";
export const declinedText = "Okay, I did not book anything.";

/**
 * The user's answer to the confirmation, when the conversation ends with the tool message the
 * client's UI added for it: `{ "confirmed": true }` (or `true`) confirms, anything else declines.
 */
function answer(messages: readonly Message[]): { confirmed: boolean } | undefined {
  const last = messages[messages.length - 1];
  if (last?.role !== "tool") return undefined;
  if (findToolCall(messages, last.toolCallId)?.function.name !== confirmToolName) return undefined;
  if (last.error !== undefined || typeof last.content !== "string") return { confirmed: false };
  try {
    const value = JSON.parse(last.content);
    return { confirmed: value === true || value?.confirmed === true };
  } catch {
    return { confirmed: false };
  }
}

async function* ask(): AsyncGenerator<CrayonStreamEvent> {
  const messageId = createId("msg");
  const toolCallId = createId("call");
  yield { type: "message-start", messageId };
  yield* textDeltas("I found a table. Please confirm the booking:", messageId);
  yield {
    type: "tool-call-start",
    toolCallId,
    toolCallName: confirmToolName,
    parentMessageId: messageId,
  };
  for (const delta of fixedChunks(JSON.stringify(bookingQuestion), 8)) {
    yield { type: "tool-call-args", toolCallId, delta };
  }
  yield { type: "tool-call-end", toolCallId };
  // No result: the reply ends with the call, which the client's tool UI answers.
  yield { type: "message-end", messageId };
}

/**
 * `/confirm`: calls a tool that the client answers from its UI (a confirmation dialog), then
 * goes on with the user's answer when the next request brings it.
 */
export const confirmScript: Script = {
  command: "/confirm",
  description: "Asks you to confirm a booking in a dialog the app renders for the tool call.",
  matches: ({ input, messages }) =>
    /^\/confirm\b/i.test(input.trim()) || answer(messages) !== undefined,
  run: (context) => {
    const result = answer(context.messages);
    if (!result) return ask();
    return assistantMessage(result.confirmed ? confirmedText : declinedText);
  },
};
