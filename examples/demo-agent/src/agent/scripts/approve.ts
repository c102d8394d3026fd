import type { CrayonStreamEvent } from "@crayonai/stream";
import { findToolCall, humanResponse, isAnswered } from "../conversation";
import { createId } from "../ids";
import type { Script, ScriptContext } from "../script";
import { assistantMessage, textDeltas } from "../scriptEvents";
import { fixedChunks } from "../textChunks";

/** The tool that needs the user's approval. */
export const approvalToolName = "schedule_meeting";

/** The arguments of the call /approve asks about. */
export const meetingArguments = { title: "Release review", day: "Thursday", time: "10:00" };

/** What the tool "does" once approved. */
export const meetingResult = { scheduled: true, ...meetingArguments, calendar: "Team" };

/** The id of the approval that asks about `toolCallId`. */
export const approvalIdFor = (toolCallId: string) => `approval-${toolCallId}`;

async function* askForApproval(): AsyncGenerator<CrayonStreamEvent> {
  const messageId = createId("msg");
  const toolCallId = createId("call");
  yield { type: "message-start", messageId };
  yield* textDeltas(
    `I'd like to schedule "${meetingArguments.title}" on ${meetingArguments.day} at ${meetingArguments.time}. This changes your calendar, so I need your approval first.`,
    messageId,
  );
  yield {
    type: "tool-call-start",
    toolCallId,
    toolCallName: approvalToolName,
    parentMessageId: messageId,
  };
  for (const delta of fixedChunks(JSON.stringify(meetingArguments), 8)) {
    yield { type: "tool-call-args", toolCallId, delta };
  }
  yield { type: "tool-call-end", toolCallId };
  yield { type: "tool-approval-request", toolCallId, approvalId: approvalIdFor(toolCallId) };
  yield { type: "status-update", status: "awaiting_input", messageId };
  yield { type: "message-end", messageId };
  yield { type: "run-finish", outcome: "interrupt" };
}

/** The approval tool call the user just answered, if the conversation is at that point. */
function answeredCall(messages: ScriptContext["messages"]) {
  const response = humanResponse(messages);
  if (!response || response.response === "input" || !response.toolCallId) return undefined;
  const call = findToolCall(messages, response.toolCallId);
  if (call?.function.name !== approvalToolName || isAnswered(messages, call.id)) return undefined;
  return { call, response };
}

async function* resume(context: ScriptContext): AsyncGenerator<CrayonStreamEvent> {
  const { call, response } = answeredCall(context.messages)!;
  if (response.response === "approve") {
    yield {
      type: "tool-call-result",
      toolCallId: call.id,
      content: JSON.stringify(meetingResult),
      messageId: createId("tool"),
    };
    yield* assistantMessage(
      `Done: "${meetingResult.title}" is on the ${meetingResult.calendar} calendar for ${meetingResult.day} at ${meetingResult.time}.`,
    );
    return;
  }
  // A rejected call still gets a tool message, so the thread stays valid for a model.
  yield {
    type: "tool-call-result",
    toolCallId: call.id,
    content: "",
    error: "The user rejected this call; it did not run.",
    messageId: createId("tool"),
  };
  const why = response.reason ? ` (you said: ${response.reason})` : "";
  yield* assistantMessage(`Understood, I did not schedule the meeting${why}. Nothing was changed.`);
}

/**
 * `/approve`: asks to run a tool that needs approval and pauses (`awaiting_input`). When the
 * next request carries the user's answer (see `respond` in `@crayonai/react-core`) it resumes:
 * approved, the tool runs and the result is reported; rejected, nothing runs.
 */
export const approveScript: Script = {
  command: "/approve",
  description: "Asks for approval before running a tool; approve or reject to continue.",
  matches: ({ input, messages }) =>
    /^\/approve\b/i.test(input.trim()) || answeredCall(messages) !== undefined,
  run: (context) => (answeredCall(context.messages) ? resume(context) : askForApproval()),
};
