import type { CrayonStreamEvent, Message } from "@crayonai/stream";
import { humanResponse, isAnswered } from "../../conversation";
import { createId } from "../../ids";
import type { Script, ScriptContext } from "../../script";
import { textDeltas } from "../../scriptEvents";
import { textChunks } from "../../textChunks";
import { formatCost, formatCount } from "./format";
import { waitForUpdate } from "./progress";
import { textReply } from "./textReply";
import {
  addUsage,
  type ModelCall,
  type ModelUsage,
  modelCall,
  modelUsage,
  usageMetadata,
} from "./usage";

const MODEL = "bedrock-claude-sonnet";
/** Every id of one CrevnClaw run starts with this, then the run's key. */
const RUN_PREFIX = "crevnclaw-";

/** The steps that wait for the user's approval, in order. */
type GatedStep = "prune" | "restart";

/** The user's answer to one of this script's approval requests. */
type ApprovalAnswer = { runKey: string; step: GatedStep; approved: boolean };

/**
 * Reads the answer `threadManager.respond` recorded for one of this script's approval
 * requests: a visually hidden user message whose context is
 * `{ type: "human-response", response: "approve" | "reject", toolCallId }`.
 */
export function crevnclawApprovalAnswer(messages: readonly Message[]): ApprovalAnswer | undefined {
  const answer = humanResponse(messages);
  const callId = answer?.toolCallId;
  if (!answer || answer.response === "input" || !callId?.startsWith(RUN_PREFIX)) return undefined;
  if (isAnswered(messages, callId)) return undefined;
  const separator = callId.lastIndexOf(":");
  const step = callId.slice(separator + 1);
  if (step !== "prune" && step !== "restart") return undefined;
  return { runKey: callId.slice(0, separator), step, approved: answer.response === "approve" };
}

/** Ids of one run: `${runKey}:${suffix}`, so the run's later replies find its messages. */
const runId = (runKey: string, suffix: string) => `${runKey}:${suffix}`;

/**
 * `/crevnclaw`: a CrevnClaw agent freeing disk space. It thinks out loud (reasoning), runs a
 * read-only command in the sandbox without asking, then pauses twice for approval
 * (`tool-approval-request`, so the reply is `awaiting_input`) before destructive steps; each
 * model turn reports its token usage and cost as message metadata.
 */
export const crevnclawScript: Script = {
  command: "/crevnclaw",
  description:
    "CrevnClaw: a live thought stream, approvals before destructive tools, STOP, and token/cost metadata.",
  matches: (context) =>
    /^\/crevnclaw\b/i.test(context.input.trim()) ||
    crevnclawApprovalAnswer(context.messages) !== undefined,
  run: (context) => {
    const answer = crevnclawApprovalAnswer(context.messages);
    return answer ? continueAfterAnswer(context, answer) : startRun(context);
  },
};

async function* thought(
  context: ScriptContext,
  id: string,
  text: string,
): AsyncGenerator<CrayonStreamEvent> {
  yield { type: "reasoning-start", messageId: id };
  for (const chunk of textChunks(text)) {
    // Slower than answer text: the thought stream is meant to be read as it arrives.
    if (!(await waitForUpdate(context, 0.12))) return;
    yield { type: "reasoning-delta", messageId: id, text: chunk };
  }
  yield { type: "reasoning-end", messageId: id };
}

function* gatedToolCall(options: {
  turnId: string;
  text: string;
  callId: string;
  name: string;
  args: Record<string, unknown>;
  call: ModelCall;
}): Generator<CrayonStreamEvent> {
  const { turnId, callId } = options;
  yield { type: "message-start", messageId: turnId };
  yield* textDeltas(options.text, turnId);
  yield {
    type: "tool-call-start",
    toolCallId: callId,
    toolCallName: options.name,
    parentMessageId: turnId,
  };
  yield { type: "tool-call-args", toolCallId: callId, delta: JSON.stringify(options.args) };
  yield { type: "tool-call-end", toolCallId: callId };
  yield { type: "message-metadata", messageId: turnId, metadata: usageMetadata([options.call]) };
  yield { type: "tool-approval-request", toolCallId: callId, approvalId: `${callId}:approval` };
  yield { type: "message-end", messageId: turnId };
  yield { type: "run-finish", outcome: "interrupt" };
}

async function* startRun(context: ScriptContext): AsyncGenerator<CrayonStreamEvent> {
  const { signal } = context;
  const runKey = createId("crevnclaw");
  const id = (suffix: string) => runId(runKey, suffix);

  yield* thought(
    context,
    id("thought-1"),
    "Lane 1 (interactive). The user wants disk space back on build-box-3, which is at 94%. AGENTS.md lets me run read-only commands in the sandbox without asking, so I will start with du on the Docker data directory, with no network access.",
  );
  if (signal.aborted) return;

  const scanId = id("scan");
  yield { type: "message-start", messageId: id("turn-1") };
  yield* textDeltas(
    "Checking what fills the disk on **build-box-3** (read-only, in the sandbox).",
    id("turn-1"),
  );
  yield {
    type: "tool-call-start",
    toolCallId: scanId,
    toolCallName: "sandbox_exec",
    parentMessageId: id("turn-1"),
  };
  yield {
    type: "tool-call-args",
    toolCallId: scanId,
    delta: JSON.stringify({ command: "du -sh /var/lib/docker/*", network: false }),
  };
  yield { type: "tool-call-end", toolCallId: scanId };
  yield {
    type: "message-metadata",
    messageId: id("turn-1"),
    metadata: usageMetadata([modelCall("Plan the disk scan", modelUsage(MODEL, 1_820, 164))]),
  };
  yield { type: "message-end", messageId: id("turn-1") };

  // The sandbox container runs the command.
  if (!(await waitForUpdate(context, 4))) return;
  yield {
    type: "tool-call-result",
    toolCallId: scanId,
    messageId: createId("tool"),
    content:
      "38G\t/var/lib/docker/overlay2\n2.1G\t/var/lib/docker/volumes\n312M\t/var/lib/docker/buildkit",
  };

  yield* thought(
    context,
    id("thought-2"),
    "overlay2 holds 38 GB. docker image ls shows 41 dangling images left by old CI builds. Deleting images cannot be undone, and AGENTS.md puts destructive tools behind approval, so I freeze the workflow at the prune step and ask.",
  );
  if (signal.aborted) return;
  yield* gatedToolCall({
    turnId: id("turn-2"),
    text: "41 dangling images take **38.2 GB**. Deleting them cannot be undone, so I need your approval to run `docker_image_prune`.",
    callId: id("prune"),
    name: "docker_image_prune",
    args: { host: "build-box-3", filter: "dangling=true" },
    call: modelCall("Ask before pruning images", modelUsage(MODEL, 2_410, 212)),
  });
}

async function* continueAfterAnswer(
  context: ScriptContext,
  answer: ApprovalAnswer,
): AsyncGenerator<CrayonStreamEvent> {
  const { signal } = context;
  const id = (suffix: string) => runId(answer.runKey, suffix);
  const usages: ModelUsage[] = [];

  if (answer.step === "prune" && answer.approved) {
    if (!(await waitForUpdate(context, 4))) return;
    yield {
      type: "tool-call-result",
      toolCallId: id("prune"),
      messageId: createId("tool"),
      content: "Deleted 41 images. Reclaimed 38.2 GB. Disk at 61%.",
    };
    yield* thought(
      context,
      id("thought-3"),
      "Space is back. The build-agent service crashed when the disk filled and is still failed. Restarting it touches the host outside the sandbox, which needs approval as well.",
    );
    if (signal.aborted) return;
    yield* gatedToolCall({
      turnId: id("turn-3"),
      text: "Pruned: the disk is at **61%**. The `build-agent` service is still failed from the full disk. May I restart it?",
      callId: id("restart"),
      name: "host_exec",
      args: { host: "build-box-3", command: "systemctl restart build-agent" },
      call: modelCall("Ask before restarting build-agent", modelUsage(MODEL, 2_960, 188)),
    });
    return;
  }

  let outcome: string;
  if (answer.step === "restart" && answer.approved) {
    if (!(await waitForUpdate(context, 3))) return;
    yield {
      type: "tool-call-result",
      toolCallId: id("restart"),
      messageId: createId("tool"),
      content: "build-agent.service: active (running). 3 queued builds picked up.",
    };
    outcome = "The build agent is running again and picked up 3 queued builds.";
  } else {
    yield* thought(
      context,
      createId("reasoning"),
      `The user rejected ${answer.step === "prune" ? "the prune" : "the restart"}. I leave the host as it is and record the decision in the ledger.`,
    );
    if (signal.aborted) return;
    outcome =
      answer.step === "prune"
        ? "Nothing was deleted; the disk stays at 94%."
        : "The images are pruned; the build agent was not restarted.";
  }

  const finalCall = modelCall("Summarise the run", modelUsage(MODEL, 1_240, 236));
  usages.push(...usageOfRun(context.messages, answer.runKey), finalCall);
  const total = addUsage(usages);
  const steps = [
    "- `sandbox_exec du -sh /var/lib/docker/*`: ran without approval (read-only) and found 38 GB in overlay2.",
    `- \`docker_image_prune\`: ${answer.step === "prune" && !answer.approved ? "rejected, not run." : "approved: 41 images deleted, 38.2 GB reclaimed."}`,
    answer.step === "restart"
      ? `- \`host_exec systemctl restart build-agent\`: ${answer.approved ? "approved: service running." : "rejected, not run."}`
      : undefined,
  ].filter((line): line is string => line !== undefined);
  yield* textReply(
    `**CrevnClaw on build-box-3**: ${outcome}\n\n${steps.join("\n")}\n\nSpend for this run: ${formatCount(total.inputTokens)} tokens in, ${formatCount(total.outputTokens)} out, ${formatCost(total.costUsd)}.`,
    { messageId: id("summary"), metadata: usageMetadata([finalCall]) },
  );
}

/** The usage this run's earlier turns reported (their ids start with the run key). */
function usageOfRun(messages: readonly Message[], runKey: string): ModelUsage[] {
  const usages: ModelUsage[] = [];
  for (const message of messages) {
    if (message.role !== "assistant" || !message.id.startsWith(`${runKey}:`)) continue;
    const usage = message.metadata?.usage as ModelUsage | undefined;
    if (usage && typeof usage.inputTokens === "number") usages.push(usage);
  }
  return usages;
}
