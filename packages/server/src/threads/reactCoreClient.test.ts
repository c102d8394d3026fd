import type { UseChatParams } from "@crayonai/react-core";
import { sseResponse } from "@crayonai/react-core/testing";
import { createChat } from "@crayonai/react-core/vanilla";
import { describe, expect, it, vi } from "vitest";
import { databaseKinds, useDatabase } from "../../test/support/testDatabases";
import { threadRoutes } from "./threadRoutes";
import { createThreadStore } from "./threadStore";

/**
 * The README's client: react-core's thread callbacks over the routes, with the browser saving
 * each reply from `onFinish`. `fetch` reaches the route handler in-process.
 */
function readmeParams(
  handler: (request: Request) => Promise<Response>,
  userId: string,
): UseChatParams {
  const json = (path: string, init?: RequestInit) =>
    handler(
      new Request(`http://app.test/api/threads${path}`, {
        ...init,
        headers: { "content-type": "application/json", "x-user": userId },
      }),
    ).then((response) => (response.status === 204 ? undefined : response.json()));
  let replies = 0;
  return {
    fetchThreadList: ({ cursor } = {}) =>
      json(cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""),
    createThread: (firstMessage) =>
      json("", { method: "POST", body: JSON.stringify({ firstMessage }) }),
    updateThread: (thread) =>
      json(`/${thread.threadId}`, {
        method: "PATCH",
        body: JSON.stringify({ title: thread.title }),
      }),
    deleteThread: (threadId) => json(`/${threadId}`, { method: "DELETE" }),
    loadThread: (threadId) => json(`/${threadId}/tree`),
    onActiveBranchChange: ({ threadId, activeLeafId }) =>
      void json(`/${threadId}/active-leaf`, {
        method: "PUT",
        body: JSON.stringify({ activeLeafId }),
      }),
    onFinish: async ({ threadId, messages, reply }) => {
      const first = messages.findIndex((message) => message.id === reply[0]?.id);
      if (first < 0) return;
      for (let i = Math.max(first - 1, 0); i < messages.length; i++) {
        const message = { ...messages[i]!, parentId: messages[i - 1]?.id };
        const path = `/${threadId}/messages/${encodeURIComponent(message.id)}`;
        await json(path, { method: "PUT", body: JSON.stringify(message) });
      }
    },
    processMessage: async () => sseResponse([{ type: "text-delta", text: `Answer ${++replies}` }]),
  };
}

describe.each(databaseKinds)("react-core's engine on the routes ($name)", (kind) => {
  const context = useDatabase(kind);

  it("saves a conversation with its branches, and a reload lists and opens it as it was", async () => {
    const store = createThreadStore({ db: context.db, log: () => {} });
    const handler = threadRoutes(store, {
      authorize: (request) => ({ userId: request.headers.get("x-user")! }),
    });
    const userId = `user-${globalThis.crypto.randomUUID()}`;
    const params = readmeParams(handler, userId);
    const tree = async (threadId: string) =>
      (await store.loadThread(userId, threadId))!.messages.map((m) => m.content);

    const chat = createChat(params);
    await chat.actions.refresh();
    const thread = chat.selectedThread();
    await thread.actions.processMessage("What is the weather in Lisbon?");
    const threadId = chat.store.getState().selectedThreadId!;
    await vi.waitFor(async () => expect(await tree(threadId)).toHaveLength(2));
    await chat.openThread(threadId).actions.regenerate();
    await vi.waitFor(async () =>
      expect(await tree(threadId)).toEqual([
        "What is the weather in Lisbon?",
        "Answer 1",
        "Answer 2",
      ]),
    );

    // A reload: a new engine lists the thread and opens it on the branch shown last.
    const reloaded = createChat(params);
    await reloaded.actions.refresh();
    expect(reloaded.store.getState().threads).toEqual([
      expect.objectContaining({
        threadId,
        // The client titles the thread after the first exchange (saved with `updateThread`).
        title: "What is the weather in Lisbon",
        preview: "Answer 2",
      }),
    ]);
    reloaded.actions.selectThread(threadId);
    const opened = reloaded.selectedThread();
    await vi.waitFor(() => expect(opened.store.getState().messages).toHaveLength(2));
    const state = opened.store.getState();
    expect(state.error).toBeNull();
    expect(state.messages.map((message) => message.content)).toEqual([
      "What is the weather in Lisbon?",
      "Answer 2",
    ]);
    const replyId = state.messages[1]!.id;
    expect(state.branches[replyId]).toMatchObject({ index: 1, count: 2 });

    // Switching branch is stored: the next reload opens on the first answer.
    opened.actions.switchBranch(replyId, 0);
    await vi.waitFor(async () =>
      expect((await store.loadThread(userId, threadId))!.activeLeafId).not.toBe(replyId),
    );
    const again = createChat(params);
    await again.actions.refresh();
    again.actions.selectThread(threadId);
    await vi.waitFor(() =>
      expect(
        again
          .selectedThread()
          .store.getState()
          .messages.map((m) => m.content),
      ).toEqual(["What is the weather in Lisbon?", "Answer 1"]),
    );

    await again.actions.renameThread(threadId, "Lisbon");
    expect((await store.getThread(userId, threadId))!.title).toBe("Lisbon");
    await again.actions.deleteThread(threadId);
    expect(await store.getThread(userId, threadId)).toBeUndefined();
  });
});
