import type { UserMessage } from "@crayonai/stream";
import { createId } from "@crayonai/stream/ids";
import { messagePlainText, threadPreview } from "@crayonai/stream/text";
import type { Thread } from "../../types";
import { ChatError } from "../chatError";
import type { ThreadCore } from "../thread/threadCore";
import { type ThreadListStore, updateThreadList, withThread } from "./threadListStore";
import type { ThreadRegistry } from "./threadRegistry";
import { titleFromMessages } from "./threadTitle";

/**
 * Whether a title a backend gave a new thread is its own: not blank, and not the first
 * message repeated (what a store without titles of its own saves). Its own title wins over the
 * one made here.
 */
function isOwnTitle(title: unknown, firstMessage: UserMessage): title is string {
  if (typeof title !== "string" || !title.trim()) return false;
  const raw = messagePlainText(firstMessage);
  const firstLine = (typeof firstMessage.content === "string" ? firstMessage.content : raw)
    .trim()
    .split("\n")[0]
    ?.trim();
  const echo = title.replace(/…$/, "").trim();
  return !(raw.startsWith(echo) || (firstLine ?? "").startsWith(echo));
}

/** What creating a thread needs from its list. */
export type CreationContext = {
  store: ThreadListStore;
  registry: ThreadRegistry;
  createThread?: (firstMessage: UserMessage) => Promise<Thread>;
  deleteThread?: (id: string) => Promise<void>;
  /** Saves a title the user gave the thread while it was being created. */
  saveTitle: (thread: Thread) => void;
};

/**
 * Creates the thread for the first message of `core`. Optimistic: a placeholder appears (and
 * stays selected) at once. Four races are handled, each in its own step: the creation fails
 * (the placeholder goes, the draft comes back), the thread is deleted meanwhile (it must not
 * come back, and is deleted on the backend too), it is renamed meanwhile (the user's title is
 * kept and saved), and a refresh already lists it (one entry stays).
 */
export async function createThreadFor(
  context: CreationContext,
  core: ThreadCore,
  firstMessage: UserMessage,
): Promise<string> {
  const createdTitle = titleFromMessages([firstMessage]);
  const localId =
    context.registry.idOf(core) ?? addPlaceholder(context, core, createdTitle, firstMessage);
  let thread: Thread;
  try {
    thread = context.createThread
      ? await context.createThread(firstMessage)
      : { threadId: createId(), title: createdTitle, createdAt: new Date() };
  } catch (error) {
    const failure = ChatError.from("create_thread_failed", error);
    rollBack(context, localId, core, failure);
    throw failure;
  }
  if (!context.registry.holds(localId, core)) {
    discardDeleted(context, thread.threadId);
    throw new ChatError("aborted", "The thread was deleted before it was created.");
  }
  confirm(context, localId, core, thread, createdTitle, isOwnTitle(thread.title, firstMessage));
  return thread.threadId;
}

function addPlaceholder(
  context: CreationContext,
  core: ThreadCore,
  title: string,
  firstMessage: UserMessage,
): string {
  const { registry, store } = context;
  const id = `local-${createId()}`;
  registry.set(id, core);
  registry.localOnly.add(id);
  if (core === registry.draft) registry.newDraft();
  const placeholder: Thread = {
    threadId: id,
    title,
    createdAt: new Date(),
    isRunning: core.store.getState().isRunning,
  };
  const preview = threadPreview([firstMessage]);
  if (preview !== undefined) placeholder.preview = preview;
  updateThreadList(store, ({ threads, selectedThreadId }) => ({
    threads: [placeholder, ...threads],
    selectedThreadId: selectedThreadId ?? id,
    error: null,
  }));
  return id;
}

/**
 * Takes a thread whose creation failed out of the list, and reports why. If it is still on
 * screen, its core becomes the new-thread draft again, so the user stays where they were.
 */
function rollBack(context: CreationContext, id: string, core: ThreadCore, failure: ChatError) {
  const { registry, store } = context;
  if (!registry.localOnly.has(id) || !registry.holds(id, core)) return;
  registry.delete(id);
  const shown = store.getState().selectedThreadId === id;
  if (shown) registry.draft = core;
  updateThreadList(store, ({ threads }) => ({
    threads: threads.filter((t) => t.threadId !== id),
    ...(shown && { selectedThreadId: null }),
    error: failure,
  }));
}

/** Deleted while it was being created: delete the saved thread on the backend too. */
function discardDeleted(context: CreationContext, threadId: string): void {
  context
    .deleteThread?.(threadId)
    .catch((error) =>
      updateThreadList(context.store, { error: ChatError.from("delete_failed", error) }),
    );
}

/** The backend saved the thread: re-key the placeholder to the saved id. */
function confirm(
  context: CreationContext,
  localId: string,
  core: ThreadCore,
  thread: Thread,
  createdTitle: string,
  ownTitle: boolean,
): void {
  const { registry, store } = context;
  const local = store.getState().threads.find((t) => t.threadId === localId);
  // Renamed while it was being created: keep the user's title and save it.
  const renamed = local !== undefined && local.title !== createdTitle ? local.title : undefined;
  registry.delete(localId);
  registry.set(thread.threadId, core);
  registry.createdHere.add(thread.threadId);
  core.setThreadId(thread.threadId);
  const entry: Thread = { ...thread, isRunning: core.store.getState().isRunning };
  if (local?.preview !== undefined && entry.preview === undefined) entry.preview = local.preview;
  if (local?.updatedAt !== undefined && entry.updatedAt === undefined)
    entry.updatedAt = local.updatedAt;
  // The user's title first, then the backend's own, then the one made here (saved, so a
  // reload shows it too).
  const madeHere = renamed === undefined && !ownTitle;
  entry.title = renamed ?? (ownTitle ? thread.title : createdTitle);
  updateThreadList(store, (state) => {
    // A refresh during creation may already list the saved thread next to the placeholder:
    // keep one entry, where the placeholder is.
    const others = state.threads.filter((t) => t.threadId !== thread.threadId);
    const threads = withThread(others, localId, () => entry);
    return {
      threads: threads === others ? [entry, ...others] : threads,
      ...(state.selectedThreadId === localId && { selectedThreadId: thread.threadId }),
    };
  });
  if (renamed !== undefined || (madeHere && thread.title !== createdTitle))
    context.saveTitle(entry);
}
