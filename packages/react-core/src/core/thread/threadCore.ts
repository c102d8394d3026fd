import type { Message } from "@crayonai/stream";
import { validateMessages } from "@crayonai/stream";
import { createStore, type StoreApi } from "zustand/vanilla";
import type { ThreadActions, ThreadState } from "../../types";
import { ChatError } from "../chatError";
import { loadHistoryRevisions } from "../onDemand";
import { MessageTree } from "./messageTree";
import { createThreadActions } from "./threadActions";
import { lastAwaitingIndex, mergeHistory, withParents } from "./threadEdits";
import { fetchHistory } from "./threadHistory";
import type { ThreadHost } from "./threadHost";
import type { ThreadOperations } from "./threadOperations";
import { ThreadReplies } from "./threadReplies";
import { idleThreadState, threadStatus } from "./threadStatus";

/**
 * One thread: the coordinator that owns its store and its message tree. Running a reply is in the
 * class it extends, {@link ThreadReplies} (`threadReplies.ts`); loading history, client tools and edits are plain
 * functions it calls, and its actions (`threadActions.ts`) decide what to commit; this class is the only place the store is
 * written and the only place the local version changes. It lives as long as
 * its thread list keeps it, independent of React, so a reply keeps streaming into its own
 * thread while the user looks at another one.
 */
export class ThreadCore extends ThreadReplies implements ThreadOperations {
  readonly store: StoreApi<ThreadState>;
  /** Stable action functions (safe to pass to memoised components). */
  readonly actions: ThreadActions;
  /** True once the history is loaded (or known to be empty). */
  loaded: boolean;

  readonly tree = new MessageTree();
  #loadGeneration = 0;
  /** The load in flight, if any; a send waits for it so that the history goes with it. */
  loading: Promise<void> | undefined;
  /** Bumped by every local change, so a load that started earlier does not overwrite it. */
  #version = 0;
  /** The history revisions were asked for (see `publish`). */
  #revisionsAsked = false;

  constructor(
    readonly host: ThreadHost<ThreadCore>,
    threadId: string | null,
  ) {
    super();
    this.loaded = threadId === null;
    this.store = createStore<ThreadState>()(() => idleThreadState(threadId));
    this.actions = createThreadActions(this);
  }

  get threadId(): string | null {
    return this.store.getState().threadId;
  }

  /** Called by the list once the backend assigned the thread's id. */
  setThreadId(threadId: string): void {
    this.set({ threadId });
  }

  /**
   * Loads the thread's history. A load that is overtaken by a newer one is ignored, and
   * messages added locally since it started (a send) are kept, not wiped.
   */
  load(): Promise<void> {
    const { loadThread, messageConverter } = this.host.params();
    const threadId = this.threadId;
    if (threadId === null || !loadThread) {
      this.loaded = true;
      return Promise.resolve();
    }
    const generation = ++this.#loadGeneration;
    const version = this.#version;
    this.set({ isLoadingMessages: true, error: null });
    const run = async () => {
      try {
        const history = await fetchHistory(loadThread, messageConverter, threadId);
        if (generation !== this.#loadGeneration) return;
        this.loaded = true;
        const { error } = history;
        if (this.streaming) {
          this.pendingHistory = history.messages;
          this.set({ isLoadingMessages: false, error });
          return;
        }
        if (this.#version === version) {
          // Nothing changed here meanwhile: the stored tree, with every branch, is the thread.
          this.tree.load(history.messages, history.activeLeafId);
          this.publish(this.tree.activePath(), { isLoadingMessages: false, error });
        } else {
          const current = this.store.getState().messages;
          const merged = mergeHistory(history.messages, current);
          this.publish(merged, { isLoadingMessages: false, error });
        }
        void this.attach(threadId);
      } catch (error) {
        if (generation !== this.#loadGeneration) return;
        this.set({ isLoadingMessages: false, error: ChatError.from("load_failed", error) });
      }
    };
    const loading = run().finally(() => {
      if (this.loading === loading) this.loading = undefined;
    });
    this.loading = loading;
    return loading;
  }

  /** The only store write: every change goes through here, so `status` always agrees. */
  set(change: Partial<ThreadState>): void {
    const next = { ...this.store.getState(), ...change };
    this.store.setState({
      ...change,
      status: threadStatus({ ...next, receiving: this.receiving }),
    });
  }

  /** Shows `messages` as the active branch (remote data: the local version is unchanged). */
  publish(messages: Message[], extra?: Partial<ThreadState>): void {
    this.tree.setActivePath(messages);
    // A thread with messages can be revised (regenerate, edit, answer): load that code now,
    // once (not on every streamed update; an action that needs it loads it again if this failed).
    if (messages.length && !this.#revisionsAsked) {
      this.#revisionsAsked = true;
      loadHistoryRevisions().catch(() => {});
    }
    this.set({
      messages,
      branches: this.tree.branchesOnActivePath(),
      isAwaitingInput: lastAwaitingIndex(messages) !== -1,
      ...extra,
    });
  }

  /** A local change of the active branch: the only place the version changes. */
  commit(messages: Message[], extra?: Partial<ThreadState>): void {
    this.#version++;
    this.publish(messages, extra);
  }

  assertIdle(): void {
    if (this.store.getState().isRunning) {
      throw new ChatError("thread_busy", "A reply is still streaming in this thread.");
    }
  }

  /** Applies an edit the app made; what it handed in is checked like any outside data. */
  mutate(change: (path: Message[]) => Message[]): void {
    this.assertIdle();
    const { messages, errors } = validateMessages(change(this.store.getState().messages));
    this.commit(
      messages,
      errors.length ? { error: ChatError.fromMalformedMessages(errors) } : undefined,
    );
  }

  /**
   * Reports new or changed messages to `onUpdateMessage`, each with its place in the tree
   * (`parentId`, also set in the thread so the reported message is the one shown). Returns
   * them as they now are in the thread.
   */
  notifyUpdated(messages: readonly Message[]): Message[] {
    const { onUpdateMessage } = this.host.params();
    if (!onUpdateMessage || messages.length === 0) return [...messages];
    const path = this.store.getState().messages;
    const stamped = withParents(path, new Set(messages.map((m) => m.id)));
    if (stamped !== path) this.publish(stamped);
    const shown = new Map(stamped.map((m) => [m.id, m]));
    const reported = messages.map((m) => shown.get(m.id) ?? m);
    for (const message of reported) onUpdateMessage({ message });
    return reported;
  }

  appendToolResult(message: Message): void {
    this.commit([...this.store.getState().messages, message]);
    this.notifyUpdated([message]);
  }
}
