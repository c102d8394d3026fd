import { identityConverter, type Message, type UserMessage } from "@crayonai/stream";
import { threadPreview } from "@crayonai/stream/text";
import type { Thread, ThreadListActions, ThreadListPage } from "../../types";
import { ChatError } from "../chatError";
import { DebugChannel } from "../debugChannel";
import type { ThreadCore } from "../thread/threadCore";
import type { ChatOptions, ResolvedThreadParams, ThreadHost } from "../thread/threadHost";
import { createThreadFor } from "./threadCreation";
import {
  createThreadListStore,
  type ThreadListStore,
  updateThreadList,
  withThread,
} from "./threadListStore";
import { ThreadRegistry } from "./threadRegistry";
import { threadsFromRows } from "./threadRows";
import { titleFromMessages } from "./threadTitle";

/** A page from the backend, validated: a result that is no page fails (the list stays). */
function toPage(result: unknown): ThreadListPage {
  if (Array.isArray(result)) return { threads: threadsFromRows(result) };
  const page = result as Partial<ThreadListPage> | null;
  if (!page || typeof page !== "object" || !Array.isArray(page.threads))
    throw new Error("fetchThreadList returned neither a list of threads nor a page.");
  const { nextCursor } = page;
  return {
    threads: threadsFromRows(page.threads),
    ...(typeof nextCursor === "string" && { nextCursor }),
  };
}

/** The messages of a thread's first exchange: up to the first reply's end. */
function firstExchange(messages: readonly Message[]): Message[] {
  const first = messages.findIndex((m) => m.role === "user");
  const next = messages.findIndex((m, i) => i > first && m.role === "user");
  return messages.slice(Math.max(first, 0), next === -1 ? undefined : next);
}

const defaultConverter = identityConverter();

/**
 * The thread list and the threads in it, framework-free. It keeps one {@link ThreadCore} per
 * thread it has seen (in its {@link ThreadRegistry}), so replies keep streaming in threads that
 * are not selected, and it wires thread creation to the first message of a new thread.
 */
export class ThreadListCore implements ThreadHost<ThreadCore> {
  readonly store: ThreadListStore;
  /** Stable action functions. */
  readonly actions: ThreadListActions;
  /** What the replies of every thread report while something listens (the inspector). */
  readonly debug = new DebugChannel();

  #options: ChatOptions;
  readonly #registry: ThreadRegistry;
  #nextCursor: string | undefined;
  #listGeneration = 0;
  /** Per thread: how many updates were started, so a stale failure does not roll back a newer one. */
  readonly #updateGeneration = new Map<string, number>();
  /** Threads with a streaming reply: how to stop following their messages. */
  readonly #following = new Map<ThreadCore, () => void>();
  /** Threads created here whose first reply has not ended: they get a title when it does. */
  readonly #awaitingTitle = new WeakSet<ThreadCore>();

  constructor(options: ChatOptions) {
    this.#options = options;
    this.store = createThreadListStore();
    this.#registry = new ThreadRegistry(this);
    this.actions = {
      selectThread: (id) => this.#selectThread(id),
      switchToNewThread: () => this.#switchToNewThread(),
      updateThread: (thread) => this.#updateThread(thread),
      renameThread: (id, title) => {
        const thread = this.store.getState().threads.find((t) => t.threadId === id);
        if (!thread)
          return Promise.reject(new ChatError("invalid_action", `Unknown thread ${id}.`));
        return this.#updateThread({ ...thread, title });
      },
      deleteThread: (id) => this.#deleteThread(id),
      refresh: () => this.#refresh(),
      loadMore: () => this.#loadMore(),
      setQuery: (query) => updateThreadList(this.store, { query }),
    };
  }

  /** A message was sent or received in a thread: it moves up, with the new preview. */
  #touch(core: ThreadCore): void {
    const id = this.#registry.idOf(core);
    if (id === undefined) return;
    const preview = threadPreview(core.store.getState().messages);
    updateThreadList(this.store, ({ threads }) => ({
      threads: withThread(threads, id, (thread) => ({
        ...thread,
        updatedAt: new Date(),
        ...(preview !== undefined && { preview }),
      })),
    }));
  }

  /** Follows a thread's messages while its reply streams (only their count, so it is cheap). */
  #follow(core: ThreadCore): void {
    if (this.#following.has(core)) return;
    this.#touch(core);
    const stop = core.store.subscribe((state, previous) => {
      if (state.messages.length !== previous.messages.length) this.#touch(core);
    });
    this.#following.set(core, stop);
  }

  #unfollow(core: ThreadCore): void {
    this.#following.get(core)?.();
    this.#following.delete(core);
    this.#touch(core);
  }

  /**
   * The first reply ended: the thread's title, made from the first message, is made again with
   * the reply, then `generateTitle` may replace it. Neither replaces a title the server gave or
   * the user chose: only a title still equal to the made one is replaced.
   */
  async #titleAfterFirstReply(core: ThreadCore): Promise<void> {
    this.#awaitingTitle.delete(core);
    const exchange = firstExchange(core.store.getState().messages);
    const firstUser = exchange.find((m) => m.role === "user");
    if (!firstUser) return;
    let made = titleFromMessages([firstUser]);
    const replace = (title: string): boolean => {
      const id = this.#registry.idOf(core);
      const thread = this.store.getState().threads.find((t) => t.threadId === id);
      if (!thread || thread.title !== made) return false;
      if (title !== made) this.#updateThread({ ...thread, title }).catch(() => {});
      made = title;
      return true;
    };
    if (!replace(titleFromMessages(exchange))) return;
    const { generateTitle } = this.#options;
    const threadId = this.#registry.idOf(core);
    if (!generateTitle || threadId === undefined) return;
    try {
      const generated = await generateTitle({ threadId, messages: exchange, title: made });
      if (typeof generated === "string" && generated.trim()) replace(generated.trim());
    } catch {
      // A failed title keeps the made one: the thread is still usable.
    }
  }

  /** Updates the given options; the others keep their values. Read at the moment of use. */
  setOptions(options: Partial<ChatOptions>): void {
    this.#options = { ...this.#options, ...options };
  }

  params(): ResolvedThreadParams {
    const options = this.#options;
    return {
      ...options,
      messageConverter: options.messageConverter ?? defaultConverter,
    };
  }

  /** The core of the selected thread (the draft when a new thread is selected). */
  selectedThread(): ThreadCore {
    return this.#registry.open(this.store.getState().selectedThreadId);
  }

  /** The core of a thread that was opened (selected, created, or sent to), or undefined. */
  getThread(threadId: string | null): ThreadCore | undefined {
    return this.#registry.get(threadId);
  }

  /** The core of a thread, created on first use (never called during a render). */
  openThread(threadId: string | null): ThreadCore {
    return this.#registry.open(threadId);
  }

  #selectThread(threadId: string): void {
    // The core exists before the selection does: a render reading it never creates one.
    const core = this.#registry.open(threadId);
    updateThreadList(this.store, { selectedThreadId: threadId });
    if (!core.loaded && !core.store.getState().isRunning)
      // A failed load is reported in the thread's own `error`: it never rejects.
      void core.load();
  }

  #switchToNewThread(): void {
    if (this.#registry.draft.store.getState().messages.length > 0) this.#registry.newDraft();
    updateThreadList(this.store, { selectedThreadId: null });
  }

  createThreadFor(core: ThreadCore, firstMessage: UserMessage): Promise<string> {
    const { createThread, deleteThread } = this.#options;
    this.#awaitingTitle.add(core);
    return createThreadFor(
      {
        store: this.store,
        registry: this.#registry,
        ...(createThread && { createThread }),
        ...(deleteThread && { deleteThread }),
        saveTitle: (thread) => {
          if (!this.#options.updateThread) return;
          this.#updateThread(thread).catch(() => {
            // Rolled back and reported in `error` by updateThread.
          });
        },
      },
      core,
      firstMessage,
    );
  }

  setRunning(core: ThreadCore, running: boolean): void {
    if (running) this.#follow(core);
    else this.#unfollow(core);
    if (!running && this.#awaitingTitle.has(core)) void this.#titleAfterFirstReply(core);
    const id = this.#registry.idOf(core);
    if (id === undefined) return;
    updateThreadList(this.store, ({ threads }) => ({
      threads: withThread(threads, id, (thread) =>
        thread.isRunning === running ? thread : { ...thread, isRunning: running },
      ),
    }));
  }

  async #updateThread(updated: Thread): Promise<void> {
    const previous = this.store.getState().threads.find((t) => t.threadId === updated.threadId);
    if (!previous) throw new ChatError("invalid_action", `Unknown thread ${updated.threadId}.`);
    const replace = (thread: Thread) =>
      updateThreadList(this.store, ({ threads }) => ({
        threads: withThread(threads, thread.threadId, ({ isRunning }) => ({
          ...thread,
          isRunning,
        })),
      }));
    replace(updated);
    updateThreadList(this.store, { error: null });
    const { updateThread } = this.#options;
    if (!updateThread || this.#registry.localOnly.has(updated.threadId)) return;
    const generation = (this.#updateGeneration.get(updated.threadId) ?? 0) + 1;
    this.#updateGeneration.set(updated.threadId, generation);
    const latest = () => this.#updateGeneration.get(updated.threadId) === generation;
    // Only what the backend stores: `isRunning` is this client's runtime state.
    const { isRunning: _running, ...stored } = updated;
    try {
      const saved = await updateThread(stored);
      if (latest()) replace(saved);
    } catch (error) {
      // A newer update has replaced this one on screen: rolling back would undo it.
      if (latest()) replace(previous);
      const failure = ChatError.from("update_failed", error);
      updateThreadList(this.store, { error: failure });
      throw failure;
    }
  }

  async #deleteThread(threadId: string): Promise<void> {
    const { threads, selectedThreadId } = this.store.getState();
    const index = threads.findIndex((t) => t.threadId === threadId);
    const removed = threads[index];
    this.#registry.get(threadId)?.stop();
    updateThreadList(this.store, ({ threads }) => ({
      threads: threads.filter((t) => t.threadId !== threadId),
      error: null,
    }));
    if (selectedThreadId === threadId) this.#switchToNewThread();
    const { deleteThread } = this.#options;
    try {
      if (deleteThread && !this.#registry.localOnly.has(threadId)) await deleteThread(threadId);
      this.#registry.delete(threadId);
    } catch (error) {
      const failure = ChatError.from("delete_failed", error);
      updateThreadList(this.store, ({ threads }) => {
        if (!removed || threads.some((t) => t.threadId === threadId)) return { error: failure };
        const restored = threads.slice();
        restored.splice(Math.min(index, threads.length), 0, removed);
        return { threads: restored, error: failure };
      });
      throw failure;
    }
  }

  async #fetchPage(cursor: string | undefined, append: boolean): Promise<void> {
    const { fetchThreadList } = this.#options;
    if (!fetchThreadList) return;
    const generation = ++this.#listGeneration;
    updateThreadList(this.store, { isLoading: true, error: null });
    try {
      const page = toPage(
        (await fetchThreadList(cursor === undefined ? undefined : { cursor })) as unknown,
      );
      if (generation !== this.#listGeneration) return;
      this.#nextCursor = page.nextCursor;
      updateThreadList(this.store, (state) => {
        const known = new Set(state.threads.map((t) => t.threadId));
        const incoming = page.threads.map((t) => ({
          ...t,
          isRunning: this.#registry.get(t.threadId)?.store.getState().isRunning ?? false,
        }));
        const incomingIds = new Set(incoming.map((t) => t.threadId));
        for (const id of incomingIds) this.#registry.createdHere.delete(id);
        let threads: Thread[];
        if (append) {
          threads = [...state.threads, ...incoming.filter((t) => !known.has(t.threadId))];
        } else {
          // Threads created here (or running, or shown) and not in the fetched page yet stay
          // on top: the page may have been read before they were saved.
          const local = state.threads.filter(
            (t) =>
              !incomingIds.has(t.threadId) &&
              (this.#registry.localOnly.has(t.threadId) ||
                this.#registry.createdHere.has(t.threadId) ||
                t.isRunning ||
                t.threadId === state.selectedThreadId),
          );
          threads = [...local, ...incoming];
        }
        return { threads, hasMore: page.nextCursor !== undefined, isLoading: false };
      });
    } catch (error) {
      if (generation !== this.#listGeneration) return;
      updateThreadList(this.store, {
        isLoading: false,
        error: ChatError.from("list_failed", error),
      });
    }
  }

  #refresh(): Promise<void> {
    return this.#fetchPage(undefined, false);
  }

  #loadMore(): Promise<void> {
    if (this.#nextCursor === undefined || this.store.getState().isLoading) return Promise.resolve();
    return this.#fetchPage(this.#nextCursor, true);
  }
}
