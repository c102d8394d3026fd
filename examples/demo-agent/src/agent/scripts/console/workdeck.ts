import type { CrayonStreamEvent, JsonPatchOperation, UserMessage } from "@crayonai/stream";
import { lastUserMessage } from "../../conversation";
import { createId } from "../../ids";
import type { Script, ScriptContext } from "../../script";
import { closingReply } from "./closingReply";
import { contextObjects, findLatestActivity } from "./conversation";
import {
  boardCards,
  plannedCard,
  TASK_BOARD_ACTIVITY,
  type TaskBoardContent,
  taskAndDependants,
} from "./taskBoard";
import { runTaskBoard } from "./taskBoardRun";
import { appendLog, logLine } from "./taskLog";
import { textReply } from "./textReply";
import { choosePlan, noPlanNote, planById, rootPromptOf, WORKDECK_PLANS } from "./workdeckPlanner";
import { runSummary } from "./workdeckSummary";

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
 * `/workdeck <prompt>` plans an action into task cards (a `task-board` activity), with the
 * scripted plan the prompt's words pick, and runs them as a DAG, independent cards in parallel.
 * A prompt no plan matches gets a note saying so, and the prompts it knows. A user message whose
 * context holds `{ editTask, text }` changes that card's prompt and restarts it and its
 * dependants, keeping the upstream outputs: that is also how a failed task is fixed. The card's
 * own prompt as `text` restarts it unchanged (Restart, for a stopped or failed card).
 */
export const workdeckScript: Script = {
  command: "/workdeck",
  description:
    "Workdeck: a prompt planned into task cards that run in parallel; editing a card (a failed one too) restarts it and its dependants.",
  matches: (context) =>
    /^\/workdeck\b/i.test(context.input.trim()) ||
    editTaskRequest(lastUserMessage(context.messages)) !== undefined,
  run: (context) => {
    const edit = editTaskRequest(lastUserMessage(context.messages));
    return edit ? restartFromEdit(context, edit) : runAction(context);
  },
};

async function* runAction(context: ScriptContext): AsyncGenerator<CrayonStreamEvent> {
  const prompt = rootPromptOf(context.input);
  const choice = choosePlan(prompt);
  if (!choice) {
    yield* textReply(noPlanNote(prompt));
    return;
  }
  const { plan, matched } = choice;
  const why = matched.length > 0 ? ` (your prompt's words: ${matched.join(", ")})` : "";
  const rootPrompt = prompt || plan.examplePrompt;
  yield* textReply(
    `Planned **${plan.tasks.length} tasks** for: “${rootPrompt}” with the scripted plan “${plan.title}”${why}. Tasks without dependencies start at once. Edit any card to restart it and everything downstream.`,
  );
  const messageId = createId("activity");
  const cards = plan.tasks.map(plannedCard);
  const content: TaskBoardContent = {
    title: plan.title,
    planId: plan.id,
    actionId: createId("action"),
    rootPrompt,
    status: "running",
    tasks: cards,
  };
  yield { type: "activity-snapshot", activityType: TASK_BOARD_ACTIVITY, messageId, content };
  const closing = closingReply();
  yield closing.open();
  const run = yield* runTaskBoard({ messageId, cards, specs: plan.tasks, closing, context });
  if (!run) return;
  yield* closing.finish(runSummary(`**${plan.title}**:`, run));
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
  // Boards made before plans had ids are the first plan's.
  const plan = planById(board.content.planId) ?? WORKDECK_PLANS[0]!;
  const title = typeof board.content.title === "string" ? board.content.title : plan.title;

  const cards = boardCards(board.content).map((card) => ({ ...card, log: [...(card.log ?? [])] }));
  const restarted = new Set(taskAndDependants(cards, edit.editTask));
  const editedCard = cards.find((card) => card.id === edit.editTask)!;
  const wasFailed = editedCard.status === "failed";
  // A restart sends the instruction unchanged: the same revision, run again.
  const changed = text !== editedCard.prompt;
  const reset: JsonPatchOperation[] = [];
  for (const [index, card] of cards.entries()) {
    const path = `/tasks/${index}`;
    if (!Array.isArray(board.content.tasks[index]?.log)) {
      reset.push({ op: "add", path: `${path}/log`, value: [] });
    }
    if (card === editedCard && changed) {
      card.prompt = text;
      card.revision += 1;
      reset.push(
        { op: "add", path: `${path}/prompt`, value: card.prompt },
        { op: "add", path: `${path}/revision`, value: card.revision },
      );
    }
    // Edited work and its dependants start over; work a stopped or failed run left unfinished
    // resumes.
    if (restarted.has(card.id) || card.status !== "completed") {
      const why =
        card === editedCard
          ? changed
            ? `Instruction edited (revision ${card.revision}); restarting`
            : "Restarted with the same instruction"
          : restarted.has(card.id)
            ? `Restarting: ${editedCard.title} changed`
            : "Resuming the work the last run left";
      card.status = "pending";
      card.progress = 0;
      card.attempt = 1;
      card.stale = card.output !== undefined;
      reset.push(
        { op: "add", path: `${path}/status`, value: "pending" },
        { op: "add", path: `${path}/progress`, value: 0 },
        { op: "add", path: `${path}/attempt`, value: 1 },
        { op: "add", path: `${path}/stale`, value: card.stale },
        ...appendLog(card.log, index, logLine(why)),
      );
      if (card.error !== undefined) {
        delete card.error;
        reset.push({ op: "remove", path: `${path}/error` });
      }
    }
  }

  const dependants = cards.filter((card) => restarted.has(card.id) && card !== editedCard);
  const kept = cards.filter((card) => card.status === "completed");
  yield* textReply(
    `Restarting ${wasFailed ? "the failed task " : ""}**${editedCard.title}** with ${changed ? "the new" : "the same"} instruction${
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
    specs: plan.tasks,
    closing,
    context,
  });
  if (!run) return;
  const rerun = run.cards.filter((card) => restarted.has(card.id)).length;
  const resumed = run.cards.length - rerun - kept.length;
  const counts = [
    `re-ran ${rerun} task${rerun === 1 ? "" : "s"}`,
    ...(resumed > 0 ? [`resumed ${resumed} the last run left`] : []),
    `kept ${kept.length}`,
  ];
  yield* closing.finish(
    runSummary(`**${title}**, restarted from “${editedCard.title}”: ${counts.join(", ")}.`, run),
  );
}
