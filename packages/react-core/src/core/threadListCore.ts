import { crayonSSEAdapter, identityConverter, type UserMessage } from "@crayonai/stream";
import { createId } from "@crayonai/stream/accumulator";
import { immer } from "zustand/middleware/immer";
import { createStore } from "zustand/vanilla";
import type {
  Thread,
  ThreadListActions,
  ThreadListPage,
  ThreadListParams,
  ThreadListState,
  ThreadParams,
} from "../types";
import { ChatError } from "./chatError";
import { type ResolvedThreadParams, ThreadCore, type ThreadRuntime } from "./threadCore";

const TITLE_LENGTH = 60;

/** A title for a new thread, from its first message. */
function titleFrom(message: UserMessage): string {
  const text =
    typeof message.content === "string"
      ? message.content
      : (message.content.find((part) => part.type === "text")?.text ?? "");
  const line = text.trim().split("\n")[0] ?? "";
  if (!line) return "New chat";
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1)}…` : line;
}

function toPage(result: Thread[] | ThreadListPage): ThreadListPage {
  return Array.isArray(result) ? { threads: result } : result;
}

function createThreadListStore() {
  return createStore<ThreadListState>()(
    immer(() => ({
      threads: [],
      selectedThreadId: null,
      isLoading: false,
      hasMore: false,
      error: null,
    })),
  );
}

const defaultProtocol = crayonSSEAdapter();
const defaultConverter = identityConverter();

/**
 * The thread list and the threads in it, framework-free. It owns one {@link ThreadCore} per
 * thread it has seen, so replies keep streaming in threads that are not selected, and it wires
 * thread creation to the first message of a new thread.
 */
export class ThreadListCore implements ThreadRuntime {
  readonly store: ReturnType<typeof createThreadListStore>;
  /** Stable action functions. */
  readonly actions: ThreadListActions;

  private listParams: ThreadListParams;
  private threadParams: ThreadParams<any> | undefined;
  private readonly cores = new Map<string, ThreadCore>();
  /** Threads created here but not (yet) confirmed by `createThread`. */
  private readonly localOnly = new Set<string>();
  /** Threads created here that no fetched page has listed yet (a refresh keeps them). */
  private readonly createdHere = new Set<string>();
  private draft: ThreadCore;
  private nextCursor: string | undefined;
  private listGeneration = 0;
  /** Per thread: how many updates were started, so a stale failure does not roll back a newer one. */
  private readonly updateGeneration = new Map<string, number>();

  constructor(params: ThreadListParams) {
    this.listParams = params;
    this.store = createThreadListStore();
    this.draft = new ThreadCore(this, null);
    this.actions = {
      selectThread: (id) => this.selectThread(id),
      switchToNewThread: () => this.switchToNewThread(),
      updateThread: (thread) => this.updateThread(thread),
      renameThread: (id, title) => {
        const thread = this.store.getState().threads.find((t) => t.threadId === id);
        if (!thread)
          return Promise.reject(new ChatError("invalid_action", `Unknown thread ${id}.`));
        return this.updateThread({ ...thread, title });
      },
      deleteThread: (id) => this.deleteThread(id),
      refresh: () => this.refresh(),
      loadMore: () => this.loadMore(),
    };
  }

  /** Keeps the latest list callbacks (called on every render). */
  setListParams(params: ThreadListParams): void {
    this.listParams = params;
  }

  /** Keeps the latest thread callbacks (called on every render). */
  setThreadParams(params: ThreadParams<any>): void {
    this.threadParams = params;
  }

  params(): ResolvedThreadParams {
    const params = this.threadParams;
    if (!params) {
      throw new ChatError("invalid_action", "No thread manager is attached to this thread list.");
    }
    return {
      ...params,
      streamProtocol: params.streamProtocol ?? defaultProtocol,
      messageConverter: params.messageConverter ?? defaultConverter,
    };
  }

  /** The core of the selected thread (the draft when a new thread is selected). */
  selectedCore(): ThreadCore {
    return this.coreFor(this.store.getState().selectedThreadId);
  }

  /** The core of a thread, created on first use. */
  coreFor(threadId: string | null): ThreadCore {
    if (threadId === null) return this.draft;
    let core = this.cores.get(threadId);
    if (!core) {
      core = new ThreadCore(this, threadId);
      this.cores.set(threadId, core);
    }
    return core;
  }

  private selectThread(threadId: string): void {
    this.store.setState((state) => {
      state.selectedThreadId = threadId;
    });
    const core = this.coreFor(threadId);
    if (!core.loaded && !core.store.getState().isRunning) void core.load();
  }

  private switchToNewThread(): void {
    if (this.draft.store.getState().messages.length > 0) this.draft = new ThreadCore(this, null);
    this.store.setState((state) => {
      state.selectedThreadId = null;
    });
  }

  async createThreadFor(core: ThreadCore, firstMessage: UserMessage): Promise<string> {
    let localId = [...this.cores].find(([, c]) => c === core)?.[0];
    const createdTitle = titleFrom(firstMessage);
    if (localId === undefined) {
      // Optimistic: the thread appears (and stays selected) before the backend answers.
      localId = `local-${createId()}`;
      const id = localId;
      this.cores.set(id, core);
      this.localOnly.add(id);
      if (core === this.draft) this.draft = new ThreadCore(this, null);
      this.store.setState((state) => {
        state.threads.unshift({
          threadId: id,
          title: createdTitle,
          createdAt: new Date(),
          isRunning: core.store.getState().isRunning,
        });
        if (state.selectedThreadId === null) state.selectedThreadId = id;
        state.error = null;
      });
    }

    let thread: Thread;
    try {
      const { createThread } = this.listParams;
      thread = createThread
        ? await createThread(firstMessage)
        : { threadId: createId(), title: titleFrom(firstMessage), createdAt: new Date() };
    } catch (error) {
      const failure = ChatError.from("create_thread_failed", error);
      this.rollBackCreation(localId, core, failure);
      throw failure;
    }

    const id = localId;
    if (this.cores.get(id) !== core) {
      // Deleted while it was being created: it must not come back; delete it on the backend too.
      const { deleteThread } = this.listParams;
      if (deleteThread) {
        deleteThread(thread.threadId).catch((error) =>
          this.store.setState((state) => {
            state.error = ChatError.from("delete_failed", error);
          }),
        );
      }
      throw new ChatError("aborted", "The thread was deleted before it was created.");
    }
    const local = this.store.getState().threads.find((t) => t.threadId === id);
    // Renamed while it was being created: keep the user's title and save it.
    const renamed = local !== undefined && local.title !== createdTitle ? local.title : undefined;
    this.cores.delete(id);
    this.localOnly.delete(id);
    this.cores.set(thread.threadId, core);
    this.createdHere.add(thread.threadId);
    core.setThreadId(thread.threadId);
    const entry: Thread = { ...thread, isRunning: core.store.getState().isRunning };
    if (renamed !== undefined) entry.title = renamed;
    this.store.setState((state) => {
      // A refresh during creation may already list the saved thread next to the placeholder:
      // keep one entry, where the placeholder is.
      state.threads = state.threads.filter((t) => t.threadId !== thread.threadId);
      const index = state.threads.findIndex((t) => t.threadId === id);
      if (index === -1) state.threads.unshift(entry);
      else state.threads[index] = entry;
      if (state.selectedThreadId === id) state.selectedThreadId = thread.threadId;
    });
    if (renamed !== undefined && this.listParams.updateThread) {
      this.updateThread(entry).catch(() => {
        // Rolled back and reported in `error` by updateThread.
      });
    }
    return thread.threadId;
  }

  /**
   * Takes a thread whose creation failed out of the list, and reports why. If it is still on
   * screen, its core becomes the new-thread draft again, so the user stays where they were.
   */
  private rollBackCreation(id: string, core: ThreadCore, failure: ChatError): void {
    if (!this.localOnly.has(id) || this.cores.get(id) !== core) return;
    this.cores.delete(id);
    this.localOnly.delete(id);
    const shown = this.store.getState().selectedThreadId === id;
    if (shown) this.draft = core;
    this.store.setState((state) => {
      state.threads = state.threads.filter((t) => t.threadId !== id);
      if (shown) state.selectedThreadId = null;
      state.error = failure;
    });
  }

  setRunning(core: ThreadCore, running: boolean): void {
    const id = core.threadId ?? [...this.cores].find(([, c]) => c === core)?.[0];
    if (id === undefined) return;
    this.store.setState((state) => {
      const thread = state.threads.find((t) => t.threadId === id);
      if (thread) thread.isRunning = running;
    });
  }

  private async updateThread(updated: Thread): Promise<void> {
    const previous = this.store.getState().threads.find((t) => t.threadId === updated.threadId);
    if (!previous) throw new ChatError("invalid_action", `Unknown thread ${updated.threadId}.`);
    const replace = (thread: Thread) =>
      this.store.setState((state) => {
        const index = state.threads.findIndex((t) => t.threadId === thread.threadId);
        if (index !== -1)
          state.threads[index] = { ...thread, isRunning: state.threads[index]!.isRunning };
      });
    replace(updated);
    this.store.setState((state) => {
      state.error = null;
    });
    const { updateThread } = this.listParams;
    if (!updateThread || this.localOnly.has(updated.threadId)) return;
    const generation = (this.updateGeneration.get(updated.threadId) ?? 0) + 1;
    this.updateGeneration.set(updated.threadId, generation);
    const latest = () => this.updateGeneration.get(updated.threadId) === generation;
    // Only what the backend stores: `isRunning` is this client's runtime state.
    const { isRunning: _running, ...stored } = updated;
    try {
      const saved = await updateThread(stored);
      if (latest()) replace(saved);
    } catch (error) {
      // A newer update has replaced this one on screen: rolling back would undo it.
      if (latest()) replace(previous);
      const failure = ChatError.from("update_failed", error);
      this.store.setState((state) => {
        state.error = failure;
      });
      throw failure;
    }
  }

  private async deleteThread(threadId: string): Promise<void> {
    const { threads, selectedThreadId } = this.store.getState();
    const index = threads.findIndex((t) => t.threadId === threadId);
    const removed = threads[index];
    this.cores.get(threadId)?.stop();
    this.store.setState((state) => {
      state.threads = state.threads.filter((t) => t.threadId !== threadId);
      state.error = null;
    });
    if (selectedThreadId === threadId) this.switchToNewThread();
    const { deleteThread } = this.listParams;
    try {
      if (deleteThread && !this.localOnly.has(threadId)) await deleteThread(threadId);
      this.cores.delete(threadId);
      this.localOnly.delete(threadId);
      this.createdHere.delete(threadId);
    } catch (error) {
      const failure = ChatError.from("delete_failed", error);
      this.store.setState((state) => {
        if (removed && !state.threads.some((t) => t.threadId === threadId)) {
          state.threads.splice(Math.min(index, state.threads.length), 0, removed);
        }
        state.error = failure;
      });
      throw failure;
    }
  }

  private async fetchPage(cursor: string | undefined, append: boolean): Promise<void> {
    const { fetchThreadList } = this.listParams;
    if (!fetchThreadList) return;
    const generation = ++this.listGeneration;
    this.store.setState((state) => {
      state.isLoading = true;
      state.error = null;
    });
    try {
      const page = toPage(await fetchThreadList(cursor === undefined ? undefined : { cursor }));
      if (generation !== this.listGeneration) return;
      this.nextCursor = page.nextCursor;
      this.store.setState((state) => {
        const known = new Map(state.threads.map((t) => [t.threadId, t]));
        const incoming = page.threads.map((t) => ({
          ...t,
          isRunning: this.cores.get(t.threadId)?.store.getState().isRunning ?? false,
        }));
        const incomingIds = new Set(incoming.map((t) => t.threadId));
        for (const id of incomingIds) this.createdHere.delete(id);
        if (append) {
          state.threads.push(...incoming.filter((t) => !known.has(t.threadId)));
        } else {
          // Threads created here (or running, or shown) and not in the fetched page yet stay
          // on top: the page may have been read before they were saved.
          const local = state.threads.filter(
            (t) =>
              !incomingIds.has(t.threadId) &&
              (this.localOnly.has(t.threadId) ||
                this.createdHere.has(t.threadId) ||
                t.isRunning ||
                t.threadId === state.selectedThreadId),
          );
          state.threads = [...local, ...incoming];
        }
        state.hasMore = page.nextCursor !== undefined;
        state.isLoading = false;
      });
    } catch (error) {
      if (generation !== this.listGeneration) return;
      this.store.setState((state) => {
        state.isLoading = false;
        state.error = ChatError.from("list_failed", error);
      });
    }
  }

  private refresh(): Promise<void> {
    return this.fetchPage(undefined, false);
  }

  private loadMore(): Promise<void> {
    if (this.nextCursor === undefined || this.store.getState().isLoading) return Promise.resolve();
    return this.fetchPage(this.nextCursor, true);
  }
}
