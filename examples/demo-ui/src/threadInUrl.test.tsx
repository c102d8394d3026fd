import type { ChatManager } from "@crayonai/react-core";
import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useThreadInUrl } from "./threadInUrl";

/** The part of a chat the hook reads: which thread is selected, and how to select one. */
function chatWith(selectedThreadId: string | null, selectThread: (id: string) => void) {
  return { threadListManager: { selectedThreadId, selectThread } } as unknown as ChatManager;
}

const search = () => new URLSearchParams(window.location.search);

describe("useThreadInUrl", () => {
  afterEach(() => window.history.replaceState(null, "", "/"));

  it("reopens the thread named in the URL, and keeps it there until it is selected", () => {
    window.history.replaceState(null, "", "/?theme=dark&thread=t7");
    const selectThread = vi.fn();
    const { rerender } = renderHook(({ chat }) => useThreadInUrl(chat), {
      initialProps: { chat: chatWith(null, selectThread) },
    });
    expect(selectThread).toHaveBeenCalledWith("t7");
    // Not selected yet: a reload now must still reopen it.
    expect(search().get("thread")).toBe("t7");
    rerender({ chat: chatWith("t7", selectThread) });
    expect(search().get("thread")).toBe("t7");
    expect(search().get("theme")).toBe("dark");
  });

  it("follows the selected thread, and a new chat takes it out of the URL", () => {
    window.history.replaceState(null, "", "/?theme=dark");
    const selectThread = vi.fn();
    const { rerender } = renderHook(({ chat }) => useThreadInUrl(chat), {
      initialProps: { chat: chatWith(null, selectThread) },
    });
    expect(selectThread).not.toHaveBeenCalled();
    rerender({ chat: chatWith("t9", selectThread) });
    expect(search().get("thread")).toBe("t9");
    rerender({ chat: chatWith(null, selectThread) });
    expect(search().has("thread")).toBe(false);
    expect(search().get("theme")).toBe("dark");
  });
});
