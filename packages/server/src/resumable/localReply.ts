/** A reply this instance generates, as its instance keeps track of it. */
export type LocalReply = {
  id: string;
  threadId: string;
  abort: AbortController;
  /** Characters produced so far, and the text itself, as produced (joined only when asked for). */
  length: number;
  chunks: string[];
  /** The length (the chunks, their UTF-8 bytes) last written to the store; a write on its way. */
  stored: number;
  storedChunks: number;
  storedBytes: number;
  /** Bumped when the store lost the reply (restarted): writes begun before do not count. */
  rewrites: number;
  writing: boolean;
  /** When the last write began (ms), and the timer that writes what came after it. */
  lastWrite: number;
  trailing?: ReturnType<typeof setTimeout>;
  /** The response's headers, for resumes served by this instance. */
  headers: [string, string][];
  /** Registered in time: readers can take it up again. */
  resumable: boolean;
  settled: Promise<void>;
};

/** A reply that starts: nothing produced or stored yet; `settle` resolves its `settled`. */
export function newLocalReply(
  id: string,
  threadId: string,
): {
  local: LocalReply;
  settle: () => void;
} {
  let settle!: () => void;
  const local: LocalReply = {
    id,
    threadId,
    abort: new AbortController(),
    length: 0,
    chunks: [],
    stored: 0,
    storedChunks: 0,
    storedBytes: 0,
    rewrites: 0,
    writing: false,
    lastWrite: 0,
    headers: [],
    resumable: true,
    settled: new Promise<void>((resolve) => {
      settle = resolve;
    }),
  };
  return { local, settle };
}
