// @vitest-environment node

import type { Message, UserMessage } from "@crayonai/stream";
import { describe, expect, it, vi } from "vitest";
import { HeldReply, textDeltas } from "../testing/heldReply";
import { createChat } from "../vanilla";

// A thread opened while its reply runs on a server that is restarting: what `resumeStream`
// answers then (a 503, a dropped connection, or 204 just after the history was read) must not
// leave the thread showing a reply that streams for ever.

const user: UserMessage = { id: "u1", role: "user", content: "Count" };
const checkpoint: Message = {
  id: "a1",
  role: "assistant",
  content: "word0 word1",
  status: "streaming",
};
const events = textDeltas(4);

/** A refusal as the bundled backends throw it (`StreamRequestError`). */
const refusal = (status: number) => Object.assign(new Error(`status ${status}`), { status });

describe("following a reply when the thread loads, while its server restarts", () => {
  it("tries again after a 503 and a dropped connection, then follows the reply to its end", async () => {
    const held = new HeldReply();
    const answers = [
      () => Promise.reject(refusal(503)),
      () => Promise.reject(new TypeError("fetch failed")),
      () => Promise.resolve(held.response),
    ];
    const resumeStream = vi.fn(() => answers.shift()!());
    const chat = createChat({
      loadThread: async () => [user, checkpoint],
      resumeStream,
      reconnect: { delays: [0, 0, 0] },
      streamBatching: "microtask",
    });
    chat.actions.selectThread("t1");
    await vi.waitFor(() => expect(resumeStream).toHaveBeenCalledTimes(3));
    held.end(...events);
    const { store } = chat.selectedThread();
    await vi.waitFor(() => expect(store.getState().status).toBe("idle"));
    expect(store.getState().messages).toEqual([
      user,
      expect.objectContaining({ status: "complete", content: "word0 word1 word2 word3" }),
    ]);
  });

  it("does not try again after a permanent refusal (403), nor after the last wait", async () => {
    for (const failure of [refusal(403), refusal(503)]) {
      const resumeStream = vi.fn(() => Promise.reject(failure));
      const chat = createChat({
        loadThread: async () => [user, { ...checkpoint, status: "complete" as const }],
        resumeStream,
        reconnect: { delays: [0, 0] },
      });
      chat.actions.selectThread("t1");
      const calls = failure.status === 403 ? 1 : 3;
      // Loading the thread and the attach code can take a while on a busy machine: wait for the
      // calls, then a little longer to see that no further one comes.
      await vi.waitFor(() => expect(resumeStream).toHaveBeenCalledTimes(calls));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(resumeStream).toHaveBeenCalledTimes(calls);
      expect(chat.selectedThread().store.getState()).toMatchObject({
        isRunning: false,
        error: null,
      });
    }
  });

  it("reads the history again, once, when it shows a reply streaming that no longer runs (204)", async () => {
    const interrupted: Message = {
      ...checkpoint,
      status: "error",
      error: "The server stopped before this reply finished.",
    };
    const stored = [
      [user, checkpoint],
      [user, interrupted],
    ];
    const loadThread = vi.fn(async () => stored.shift() ?? [user, interrupted]);
    const chat = createChat({ loadThread, resumeStream: async () => null });
    chat.actions.selectThread("t1");
    const thread = chat.selectedThread();
    await vi.waitFor(() => expect(thread.store.getState().messages[1]).toEqual(interrupted));
    expect(loadThread).toHaveBeenCalledTimes(2);

    // A server that never marks it: read again once, not for ever.
    const stale = vi.fn(async () => [user, checkpoint]);
    const other = createChat({ loadThread: stale, resumeStream: async () => null });
    other.actions.selectThread("t2");
    await vi.waitFor(() => expect(stale).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stale).toHaveBeenCalledTimes(2);
    expect(other.selectedThread().store.getState().messages[1]).toEqual(checkpoint);
  });
});
