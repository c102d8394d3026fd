import type { Interrupt, ResumeEntry } from "@ag-ui/core";
import type { HumanResponse } from "../../chatRequest";
import { isRecord } from "../../internal/jsonData";
import type { AssistantMessage } from "../../message";

/** The interrupts the AG-UI adapter kept in the message's `metadata.interrupts`, if any. */
function interruptsOf(message: AssistantMessage): Interrupt[] {
  const interrupts: unknown = message.metadata?.interrupts;
  if (!Array.isArray(interrupts)) return [];
  return interrupts.filter((interrupt) => isRecord(interrupt) && typeof interrupt.id === "string");
}

/** The tool call an approval or rejection answers: the one named, else the one the client marked. */
function answeredToolCallId(
  response: Exclude<HumanResponse, { type: "input" }>,
  message: AssistantMessage,
): string | undefined {
  if (response.toolCallId !== undefined) return response.toolCallId;
  const calls = message.toolCalls ?? [];
  for (let i = calls.length - 1; i >= 0; i--) {
    if (typeof calls[i]!.metadata?.approved === "boolean") return calls[i]!.id;
  }
  return undefined;
}

const isExpired = (interrupt: Interrupt, now: number) =>
  typeof interrupt.expiresAt === "string" && Date.parse(interrupt.expiresAt) <= now;

/**
 * AG-UI `resume` entries for the user's answer to a message paused by AG-UI interrupts; empty
 * when the message carries none.
 *
 * `approve` / `reject` answer the interrupt naming the tool call approved (`{ approved: true }`,
 * `{ approved: false, reason? }`); `input` answers the interrupts naming no tool call
 * (`{ input: content }`); when none matches, the latest interrupt is the one answered. AG-UI
 * requires the list to cover every interrupt of the paused run, and Crayon answers a message
 * once, so every other interrupt is sent as `cancelled`, and so is an answered one that has
 * expired (AG-UI forbids resolving it).
 */
export function toAgUIResume(
  response: HumanResponse,
  message: AssistantMessage,
  now = Date.now(),
): ResumeEntry[] {
  const interrupts = interruptsOf(message);
  let payload: Record<string, unknown>;
  let answered: Interrupt[];
  if (response.type === "input") {
    payload = { input: response.content };
    answered = interrupts.filter((interrupt) => typeof interrupt.toolCallId !== "string");
  } else {
    payload = { approved: response.type === "approve" };
    if (response.type === "reject" && response.reason) payload.reason = response.reason;
    const toolCallId = answeredToolCallId(response, message);
    answered = interrupts.filter(
      (interrupt) => toolCallId !== undefined && interrupt.toolCallId === toolCallId,
    );
  }
  if (answered.length === 0) answered = interrupts.slice(-1);
  return interrupts.map((interrupt) =>
    answered.includes(interrupt) && !isExpired(interrupt, now)
      ? { interruptId: interrupt.id, status: "resolved", payload }
      : { interruptId: interrupt.id, status: "cancelled" },
  );
}
