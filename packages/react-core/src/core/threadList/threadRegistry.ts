import { ThreadCore } from "../thread/threadCore";
import type { ThreadHost } from "../thread/threadHost";

/**
 * The threads a list has seen, by id: one {@link ThreadCore} each, so replies keep streaming in
 * threads that are not shown, plus the draft (the new thread that has no message yet) and
 * which threads exist only here so far.
 */
export class ThreadRegistry {
  readonly #cores = new Map<string, ThreadCore>();
  /** Threads created here but not (yet) confirmed by `createThread`. */
  readonly localOnly = new Set<string>();
  /** Threads created here that no fetched page has listed yet (a refresh keeps them). */
  readonly createdHere = new Set<string>();
  draft: ThreadCore;

  constructor(private readonly host: ThreadHost<ThreadCore>) {
    this.draft = new ThreadCore(host, null);
  }

  /** The core of a thread, or the draft for `null`; undefined for a thread never opened. */
  get(threadId: string | null): ThreadCore | undefined {
    return threadId === null ? this.draft : this.#cores.get(threadId);
  }

  /** The core of a thread, created on first use. */
  open(threadId: string | null): ThreadCore {
    let core = this.get(threadId);
    if (!core) {
      core = new ThreadCore(this.host, threadId);
      this.#cores.set(threadId!, core);
    }
    return core;
  }

  /** The id a core is kept under (its local placeholder id before creation is confirmed). */
  idOf(core: ThreadCore): string | undefined {
    return core.threadId ?? [...this.#cores].find(([, c]) => c === core)?.[0];
  }

  /** Whether `core` is still kept under `id` (not deleted or re-keyed meanwhile). */
  holds(id: string, core: ThreadCore): boolean {
    return this.#cores.get(id) === core;
  }

  set(id: string, core: ThreadCore): void {
    this.#cores.set(id, core);
  }

  /** Forgets a thread. */
  delete(id: string): void {
    this.#cores.delete(id);
    this.localOnly.delete(id);
    this.createdHere.delete(id);
  }

  /** Starts a fresh draft (the old one became a thread). */
  newDraft(): void {
    this.draft = new ThreadCore(this.host, null);
  }
}
