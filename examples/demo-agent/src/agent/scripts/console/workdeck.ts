import type { CrayonStreamEvent, JsonPatchOperation, UserMessage } from "@crayonai/stream";
import { lastUserMessage } from "../../conversation";
import { createId } from "../../ids";
import type { Script, ScriptContext } from "../../script";
import { closingReply } from "./closingReply";
import { contextObjects, findLatestActivity } from "./conversation";
import { formatCost, formatCount } from "./format";
import {
  plannedCard,
  runTaskBoard,
  TASK_BOARD_ACTIVITY,
  type TaskCard,
  taskAndDependants,
} from "./taskBoard";
import { textReply } from "./textReply";
import type { ModelUsage } from "./usage";
import { WORKDECK_ACTION, WORKDECK_TASKS } from "./workdeckPlan";

/** What the task card's Edit control sends, in the (visually hidden) user message's `context`. */
export type EditTaskRequest = { editTask: string; text: string };

/** The edit request carried by `message`'s context, if any. */
export function editTaskRequest(message: UserMessage | undefined): EditTaskRequest | undefined {
  for (const item of contextObjects(message)) {
    const { editTask, text } = item;
    if (typeof editTask === "string" && typeof text === "string") return { editTask, text };
  }
  return undefined;
}

/**
 * `/workdeck` plans an action into task cards (a `task-board` activity) and runs them as a
 * DAG, independent cards in parallel. A user message whose context holds
 * `{ editTask, text }` changes that card's prompt and restarts it and its dependants, keeping
 * the upstream outputs.
 */
export const workdeckScript: Script = {
  command: "/workdeck",
  description:
    "Workdeck: an action's task cards run in parallel; editing a card restarts it and its dependants.",
  matches: (context) =>
    /^\/workdeck\b/i.test(context.input.trim()) ||
    editTaskRequest(lastUserMessage(context.messages)) !== undefined,
  run: (context) => {
    const edit = editTaskRequest(lastUserMessage(context.messages));
    return edit ? restartFromEdit(context, edit) : runAction(context);
  },
};

async function* runAction(context: ScriptContext): AsyncGenerator<CrayonStreamEvent> {
  yield* textReply(
    `Planned **${WORKDECK_TASKS.length} tasks** for: “${WORKDECK_ACTION.rootPrompt}” Tasks without dependencies start at once. Edit any card to restart it and everything downstream.`,
  );
  const messageId = createId("activity");
  const cards = WORKDECK_TASKS.map(plannedCard);
  yield {
    type: "activity-snapshot",
    activityType: TASK_BOARD_ACTIVITY,
    messageId,
    content: {
      title: WORKDECK_ACTION.title,
      actionId: WORKDECK_ACTION.id,
      rootPrompt: WORKDECK_ACTION.rootPrompt,
      status: "running",
      tasks: cards,
    },
  };
  const closing = closingReply();
  yield closing.open();
  const run = yield* runTaskBoard({ messageId, cards, specs: WORKDECK_TASKS, closing, context });
  if (!run) return;
  const final = run.cards;
  yield* closing.finish(
    `**${WORKDECK_ACTION.title}**: ${countCompleted(final)} of ${final.length} tasks completed.\n\n${cardLines(final)}\n\n${spendLine(run.usage)}`,
  );
}

async function* restartFromEdit(
  context: ScriptContext,
  edit: EditTaskRequest,
): AsyncGenerator<CrayonStreamEvent> {
  const board = findLatestActivity(context.messages, TASK_BOARD_ACTIVITY, (message) =>
    boardCards(message.content).some((card) => card.id === edit.editTask),
  );
  const text = edit.text.trim();
  if (!board || !text) {
    yield* textReply(
      board
        ? "A task's instruction cannot be empty."
        : `There is no task \`${edit.editTask}\` to edit.`,
    );
    return;
  }

  const cards = boardCards(board.content).map((card) => ({ ...card }));
  const restarted = new Set(taskAndDependants(cards, edit.editTask));
  const reset: JsonPatchOperation[] = [];
  for (const [index, card] of cards.entries()) {
    const path = `/tasks/${index}`;
    if (card.id === edit.editTask) {
      card.prompt = text;
      card.revision += 1;
      reset.push(
        { op: "add", path: `${path}/prompt`, value: card.prompt },
        { op: "add", path: `${path}/revision`, value: card.revision },
      );
    }
    // Edited work and its dependants start over; work a stopped run left unfinished resumes.
    if (restarted.has(card.id) || card.status !== "completed") {
      card.status = "pending";
      card.progress = 0;
      card.attempt = 1;
      card.stale = card.output !== undefined;
      reset.push(
        { op: "add", path: `${path}/status`, value: "pending" },
        { op: "add", path: `${path}/progress`, value: 0 },
        { op: "add", path: `${path}/attempt`, value: 1 },
        { op: "add", path: `${path}/stale`, value: card.stale },
      );
      if (card.error !== undefined) {
        delete card.error;
        reset.push({ op: "remove", path: `${path}/error` });
      }
    }
  }

  const editedCard = cards.find((card) => card.id === edit.editTask)!;
  const dependants = cards.filter((card) => restarted.has(card.id) && card.id !== edit.editTask);
  const kept = cards.filter((card) => card.status === "completed");
  yield* textReply(
    `Restarting **${editedCard.title}** with the new instruction${
      dependants.length > 0
        ? ` and ${dependants.length} dependant${dependants.length === 1 ? "" : "s"} (${dependants.map((c) => c.title).join(", ")})`
        : ""
    }. ${kept.length > 0 ? `Kept the outputs of ${kept.map((c) => c.title).join(", ")}.` : ""}`.trim(),
  );
  yield {
    type: "activity-delta",
    activityType: TASK_BOARD_ACTIVITY,
    messageId: board.id,
    patch: reset,
  };
  const closing = closingReply();
  yield closing.open();
  const run = yield* runTaskBoard({
    messageId: board.id,
    cards,
    specs: WORKDECK_TASKS,
    closing,
    context,
  });
  if (!run) return;
  const final = run.cards;
  const rerun = final.filter((card) => restarted.has(card.id)).length;
  const resumed = final.length - rerun - kept.length;
  const counts = [
    `re-ran ${rerun} task${rerun === 1 ? "" : "s"}`,
    ...(resumed > 0 ? [`finished ${resumed} the stopped run left`] : []),
    `kept ${kept.length}`,
  ];
  yield* closing.finish(
    `**${WORKDECK_ACTION.title}**, restarted from “${editedCard.title}”: ${counts.join(", ")}. ${countCompleted(final)} of ${final.length} tasks completed.\n\n${cardLines(final)}\n\n${spendLine(run.usage)}`,
  );
}

function spendLine(usage: ModelUsage): string {
  return `Spend for this run: ${formatCount(usage.inputTokens)} tokens in, ${formatCount(usage.outputTokens)} out, ${formatCost(usage.costUsd)}.`;
}

function boardCards(content: Record<string, unknown>): TaskCard[] {
  return Array.isArray(content.tasks) ? (content.tasks as TaskCard[]) : [];
}

function countCompleted(cards: readonly TaskCard[]): number {
  return cards.filter((card) => card.status === "completed").length;
}

function cardLines(cards: readonly TaskCard[]): string {
  return cards
    .map((card) => {
      const attempts = card.attempt > 1 ? ` (attempt ${card.attempt} of ${card.maxAttempts})` : "";
      return `- ${card.title}${attempts}: ${card.status === "completed" ? (card.output ?? "") : card.status}`;
    })
    .join("\n");
}
