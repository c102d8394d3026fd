import type { Message as AgUIMessage, ResumeEntry } from "@ag-ui/core";
import { RunAgentInputSchema } from "@ag-ui/core/schemas";
import type { MessageFormatConverter } from "@crayonai/stream";
import { agUIMessageConverter } from "@crayonai/stream/converters/ag-ui";
import type { ApprovalAnswer, TurnRequest } from "../chat/turnRequest";
import { type BodyError, schemaError } from "./bodyError";

/**
 * The approval answers among the `resume` entries: a resolved interrupt whose payload says
 * `approved` (and maybe `reason`), as `agUIBackend` writes it. The interrupt's id is the
 * approval's. A `cancelled` entry abandons its interrupt, and answers nothing.
 */
function approvalAnswers(resume: readonly ResumeEntry[]): ApprovalAnswer[] {
  return resume.flatMap((entry) => {
    const payload = entry.payload as { approved?: unknown; reason?: unknown } | undefined;
    if (entry.status !== "resolved" || typeof payload?.approved !== "boolean") return [];
    const reason = typeof payload.reason === "string" ? payload.reason : undefined;
    return [
      { approvalId: entry.interruptId, approved: payload.approved, ...(reason && { reason }) },
    ];
  });
}

/**
 * AG-UI messages as a `RunAgentInput` carries them: activities are UI material, not
 * conversation, so clients leave them out, and the stored thread is compared without them.
 */
function runInputConverter(): MessageFormatConverter<AgUIMessage> {
  const converter = agUIMessageConverter();
  return {
    toExternal: (messages) =>
      converter.toExternal(messages).filter((message) => message.role !== "activity"),
    fromExternal: converter.fromExternal,
  };
}

/**
 * Reads an AG-UI `RunAgentInput`, validated with `@ag-ui/core`'s schema as an AG-UI server
 * does: the thread and run ids, the messages (read with `agUIMessageConverter`), the state, the
 * tools the client runs itself, and in `resume` the answers to the interrupts the previous run
 * ended with.
 */
export function readAgUIRequest(body: unknown): TurnRequest<AgUIMessage> | BodyError {
  const parsed = RunAgentInputSchema.safeParse(body);
  if (!parsed.success) return schemaError("The body is not a RunAgentInput", parsed.error.issues);
  const input = parsed.data;
  return {
    threadId: input.threadId,
    runId: input.runId,
    messages: input.messages as AgUIMessage[],
    converter: runInputConverter(),
    clientTools: input.tools.map((tool) => tool.name),
    ...(input.state !== undefined && input.state !== null && { state: input.state }),
    ...(input.resume?.length && { approvals: approvalAnswers(input.resume) }),
  };
}
