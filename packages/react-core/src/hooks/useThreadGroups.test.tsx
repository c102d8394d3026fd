import type { Message } from "@crayonai/stream";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { deferredCalls } from "../testing/deferred";
import { fakeChat } from "../testing/fakeChat";
import type { Thread } from "../types";
import { useChat } from "./useChat";
import { useThreadGroups } from "./useThreadGroups";
import { useThreadListManager } from "./useThreadListManager";

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const threads: Thread[] = [
  { threadId: "old", title: "Tax questions", createdAt: daysAgo(9), updatedAt: daysAgo(3) },
  { threadId: "new", title: "Trip to Rome", createdAt: daysAgo(0) },
];

afterEach(cleanup);

const ids = (groups: { threads: Thread[] }[]) =>
  groups.flatMap((group) => group.threads.map((t) => t.threadId));

describe("useThreadGroups", () => {
  it("groups the list's threads and searches them for its query", async () => {
    const { result } = renderHook(() => {
      const list = useThreadListManager({ fetchThreadList: async () => threads });
      return { list, groups: useThreadGroups(list) };
    });
    await waitFor(() => expect(result.current.groups.map((g) => g.label)).toHaveLength(2));
    expect(result.current.groups.map((g) => g.label)).toEqual(["Today", "Previous 7 days"]);

    act(() => result.current.list.setQuery("rome"));
    expect(ids(result.current.groups)).toEqual(["new"]);
  });

  it("finds a thread by its history once it has loaded, with the query already typed", async () => {
    const load = deferredCalls<[string], Message[]>();
    const { result } = renderHook(() => {
      const chat = useChat({
        fetchThreadList: async () => threads,
        loadThread: load.fn,
        processMessage: async () => new Response(""),
      });
      return { list: chat.threadListManager, groups: useThreadGroups(chat) };
    });
    await waitFor(() => expect(result.current.list.threads).toHaveLength(2));
    act(() => result.current.list.setQuery("standing desk"));
    act(() => result.current.list.selectThread("old"));
    expect(ids(result.current.groups)).toEqual([]);

    await act(async () =>
      load.calls[0]!.resolve([
        { id: "m1", role: "user", content: "Is a **standing desk** deductible?" },
      ]),
    );
    expect(ids(result.current.groups)).toEqual(["old"]);
  });

  it("works on a hand-built manager, with a query of its own", () => {
    const chat = fakeChat({ list: { threads, query: "tax" } });
    const { result, rerender } = renderHook((query?: string) =>
      useThreadGroups(chat, query === undefined ? {} : { query }),
    );
    expect(ids(result.current)).toEqual(["old"]);
    rerender("trip");
    expect(ids(result.current)).toEqual(["new"]);
  });
});
