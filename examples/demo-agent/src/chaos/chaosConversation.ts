import type { ThreadStore } from "@crayonai/react-core/vanilla";
import type { Message } from "@crayonai/stream";
import type { Random } from "../../../../packages/stream/bench/random";
import { ChaosPage, type RequestLog } from "./chaosPage";

// Test support: one scripted conversation, driven through react-core's engine the way a user
// drives a chat UI: send, reload the page mid-reply, stop, rename, delete.

/** How long a turn may take to settle before the conversation is reported stuck. */
const SETTLE_MS = 40_000;

/** The commands a first turn sends: replies of one or more messages, with tools and sources. */
export const firstCommands = ["/markdown", "/reason", "/tool Lisbon", "/sources", "/long"] as const;

/** What one conversation did, for the checks made once everything settled. */
export type ConversationRecord = {
  index: number;
  threadId: string;
  /** The commands sent, in order. */
  sent: string[];
  /** The thread as the conversation's last page shows it at its end. */
  shown: Message[];
  /** The title it gave the thread (undefined if not renamed). */
  title?: string;
  deleted: boolean;
  /** Pages closed mid-reply and opened again. */
  reloads: number;
  /** Replies the user stopped. */
  stops: number;
  /** Sends tried again because the request failed before any reply. */
  retries: number;
  /** When the user pressed Stop, in ms on the request log's clock. */
  stoppedAt?: number;
  /** Why the conversation could not go on (a turn that did not settle), if it could not. */
  failure?: string;
};

/** The record of a conversation that did nothing yet. */
export function conversationRecord(index: number): ConversationRecord {
  return {
    index,
    threadId: "",
    sent: [],
    shown: [],
    deleted: false,
    reloads: 0,
    stops: 0,
    retries: 0,
  };
}

/** The messages after the last user message: the running (or last) reply. */
export function lastReply(messages: readonly Message[]): Message[] {
  let last = messages.length - 1;
  while (last >= 0 && messages[last]!.role !== "user") last--;
  return messages.slice(last + 1);
}

/** The reply as shown: each message's role, status and length. */
function describeReply(messages: readonly Message[]): string {
  return lastReply(messages)
    .map((m) => {
      const status = m.role === "assistant" ? `:${m.status}` : "";
      const length = typeof m.content === "string" ? m.content.length : 0;
      return `${m.role}${status}(${length})`;
    })
    .join(" ");
}

/** Characters of text the reply shows so far. */
function replyLength(messages: readonly Message[]): number {
  return lastReply(messages).reduce(
    (sum, message) => sum + (typeof message.content === "string" ? message.content.length : 0),
    0,
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the thread is at rest: no reply running or loading, and none shown as still
 * streaming (unless its history failed to load). Throws, describing what it shows, when that
 * takes longer than {@link SETTLE_MS}.
 */
export async function settled(thread: ThreadStore, what: string): Promise<void> {
  const atRest = () => {
    const { isRunning, isLoadingMessages, messages, error } = thread.store.getState();
    return (
      !isRunning &&
      !isLoadingMessages &&
      (error?.code === "load_failed" ||
        !messages.some((m) => m.role === "assistant" && m.status === "streaming"))
    );
  };
  const deadline = Date.now() + SETTLE_MS;
  // Twice in a row: a loaded thread attaches to its running reply just after it loads.
  for (let calm = 0; calm < 2; ) {
    if (Date.now() > deadline) {
      const { status, messages, error } = thread.store.getState();
      throw new Error(
        `${what}: not settled after ${SETTLE_MS} ms (status ${status}, reply [${describeReply(messages)}], error ${error?.message})`,
      );
    }
    calm = atRest() ? calm + 1 : 0;
    await sleep(100);
  }
}

/** Waits until the thread shows at least `characters` of its reply's text, or no reply runs. */
async function replyReached(thread: ThreadStore, characters: number): Promise<void> {
  const deadline = Date.now() + SETTLE_MS;
  while (Date.now() < deadline) {
    const { messages, isRunning } = thread.store.getState();
    if (replyLength(messages) >= characters || !isRunning) return;
    await sleep(20);
  }
}

/** Resolves once the thread runs a reply (or after a while). */
async function runStarted(thread: ThreadStore): Promise<void> {
  const deadline = Date.now() + SETTLE_MS;
  while (!thread.store.getState().isRunning && Date.now() < deadline) await sleep(10);
}

/** Whether the reply shows anything of itself: text, reasoning or a tool call. */
function replyStarted(messages: readonly Message[]): boolean {
  return lastReply(messages).some(
    (m) =>
      (typeof m.content === "string" && m.content.length > 0) ||
      (m.role === "assistant" && (m.toolCalls?.length ?? 0) > 0),
  );
}

/** What a conversation needs: where the app is, the request log, and its own randomness. */
export type ConversationContext = {
  baseUrl: string;
  requests: RequestLog;
  random: Random;
  /** Notes what the user does, for a failure's report. */
  note: (line: string) => void;
};

/**
 * One conversation: a first turn (a command of {@link firstCommands}, left to finish), a
 * `/long` turn during which the page is reloaded (closed mid-reply; a new page opens the thread
 * and follows the reply), a `/long` turn the user stops, then a rename; one conversation in
 * five ends by deleting its thread. A conversation that cannot go on says why in `failure`.
 */
export async function runConversation(
  index: number,
  context: ConversationContext,
): Promise<ConversationRecord> {
  const record = conversationRecord(index);
  const pages: ChaosPage[] = [];
  const open = () => {
    const page = new ChaosPage(context.baseUrl, context.requests);
    pages.push(page);
    return page;
  };
  try {
    await converse(record, context, open);
  } catch (error) {
    record.failure = error instanceof Error ? error.message : String(error);
  } finally {
    for (const page of pages) page.close();
  }
  return record;
}

async function converse(
  record: ConversationRecord,
  context: ConversationContext,
  open: () => ChaosPage,
): Promise<void> {
  const { random } = context;
  const note = (line: string) =>
    context.note(`${(context.requests.now() / 1000).toFixed(2)} s ${line}`);
  let page = open();

  /**
   * Sends `command` and resolves once the reply started (or ended). When nothing of the reply
   * arrives (the request failed, or the instance died before the reply was first saved), the
   * user tries again: Retry, or the send itself when the thread could not be created.
   */
  const send = async (command: string): Promise<{ thread: ThreadStore; done: Promise<void> }> => {
    let thread = page.chat.selectedThread();
    let done = thread.actions.processMessage(command).catch(() => {});
    for (let attempt = 1; ; attempt++) {
      await replyReached(thread, 1);
      record.threadId ||= page.chat.store.getState().selectedThreadId ?? "";
      if (replyStarted(thread.store.getState().messages) || attempt === 5) {
        if (record.threadId) record.sent.push(command);
        return { thread, done };
      }
      await done;
      await settled(thread, `sending ${command}`);
      const { error } = thread.store.getState();
      note(`nothing of the reply arrived (${error?.message ?? "no error"}); tries again`);
      record.retries++;
      if (record.threadId) done = thread.actions.retry().catch(() => {});
      else {
        await sleep(300);
        thread = page.chat.selectedThread();
        done = thread.actions.processMessage(command).catch(() => {});
      }
      // Retry starts its reply once the code that revises the history has loaded.
      await Promise.race([done, runStarted(thread)]);
    }
  };

  /** A new page on the thread, as a reload opens it. */
  const reopen = async (): Promise<ThreadStore> => {
    page = open();
    await page.chat.actions.refresh();
    page.chat.actions.selectThread(record.threadId);
    return page.chat.selectedThread();
  };

  /**
   * Waits until the thread is at rest, and returns it as the user ends up seeing it: a page
   * whose thread did not load (its request met an instance going down) is reloaded, and a
   * question left without any reply (its instance died before the reply was first saved) is
   * asked again with Retry, as the user would.
   */
  const answered = async (shown: ThreadStore, what: string): Promise<ThreadStore> => {
    let thread = shown;
    await settled(thread, what);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const { error } = thread.store.getState();
      if (error?.code !== "load_failed") break;
      note(`the thread did not load (${error.message}); reloads the page`);
      page.close();
      await sleep(500);
      thread = await reopen();
      await settled(thread, `${what}, reloaded`);
    }
    for (let attempt = 1; attempt <= 3; attempt++) {
      if (thread.store.getState().messages.at(-1)?.role !== "user") break;
      note("the question was left without a reply; Retry");
      record.retries++;
      await thread.actions.retry().catch(() => {});
      await settled(thread, `${what}, tried again`);
    }
    note(`shows ${describeReply(thread.store.getState().messages)}`);
    return thread;
  };

  // 1. A reply left to finish.
  const first = random.pick(firstCommands);
  note(`sends ${first}`);
  let { thread, done } = await send(first);
  await done;
  thread = await answered(thread, `first turn ${first}`);

  // 2. A reload mid-reply: the page goes away, a new one opens the thread and follows the reply.
  note("sends /long, to reload during it");
  ({ thread } = await send("/long"));
  await replyReached(thread, random.int(200, 3000));
  note(`reloads at ${replyLength(thread.store.getState().messages)} characters`);
  page.close();
  record.reloads++;
  thread = await answered(await reopen(), "reloaded during /long");

  // 3. A reply the user stops.
  note("sends /long, to stop it");
  ({ thread } = await send("/long"));
  await replyReached(thread, random.int(100, 2500));
  note(`stops at ${replyLength(thread.store.getState().messages)} characters`);
  record.stoppedAt = context.requests.now();
  thread.actions.stop();
  record.stops++;
  thread = await answered(thread, "stopped /long");
  // The user stays until the stop went through (the client sends it again while it fails),
  // unless the reply ended otherwise first.
  const stopped = lastReply(thread.store.getState().messages).some(
    (m) => m.role === "assistant" && m.status === "stopped",
  );
  if (stopped && !(await context.requests.stopAnswered(record.threadId, record.stoppedAt))) {
    note("the stop was never answered");
  }
  note("renames");

  // 4. Rename (a failed rename is rolled back by the engine: the user tries again).
  const title = `Chaos ${record.index}`;
  for (let attempt = 1; attempt <= 5 && record.title === undefined; attempt++) {
    try {
      // The thread list may not have loaded: the user refreshes it.
      const listed = page.chat.store.getState().threads.some((t) => t.threadId === record.threadId);
      if (!listed) await page.chat.actions.refresh();
      await page.chat.actions.renameThread(record.threadId, title);
      record.title = title;
    } catch {
      await sleep(300);
    }
  }

  // 5. One conversation in five deletes its thread.
  if (random.next() < 0.2) {
    note("deletes");
    for (let attempt = 1; attempt <= 5 && !record.deleted; attempt++) {
      try {
        await page.chat.actions.deleteThread(record.threadId);
        record.deleted = true;
      } catch {
        await sleep(300);
      }
    }
  }
  record.shown = thread.store.getState().messages;
}
