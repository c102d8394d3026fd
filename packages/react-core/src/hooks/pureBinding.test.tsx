import { act, render } from "@testing-library/react";
import { StrictMode, startTransition, useEffect } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ThreadListCore } from "../core/threadList/threadListCore";
import { sseResponse } from "../testing/heldReply";
import type { ChatManager } from "../types";
import { useChat } from "./useChat";

const never = new Promise<never>(() => {});
function Suspends(): never {
  throw never;
}

/** What the rendered chats did: whose `onFinish` ran, and the last committed manager. */
const seen = { finished: [] as string[], committed: undefined as ChatManager | undefined };

/** A chat whose options carry its `label`; `suspend` makes its render never commit. */
function LabelledChat({ label, suspend }: { label: string; suspend?: boolean }) {
  const chat = useChat({
    processMessage: async () => sseResponse([{ type: "text-delta", text: "ok" }]),
    onFinish: () => seen.finished.push(label),
    streamBatching: "microtask",
  });
  useEffect(() => {
    seen.committed = chat;
  });
  return suspend ? <Suspends /> : <p>{`${label} ${chat.threadManager.status}`}</p>;
}

const strict = (label: string, suspend?: boolean) => (
  <StrictMode>
    <LabelledChat label={label} suspend={suspend} />
  </StrictMode>
);

afterEach(() => {
  vi.restoreAllMocks();
  seen.finished = [];
  seen.committed = undefined;
});

describe("the binding never writes to the engine during render", () => {
  it("a server render pushes no options and calls nothing", () => {
    const setOptions = vi.spyOn(ThreadListCore.prototype, "setOptions");
    expect(renderToString(strict("A"))).toContain("A idle");
    expect(setOptions).not.toHaveBeenCalled();
    expect(seen.committed).toBeUndefined();
  });

  it("options of a render React threw away (a suspended transition) never reach the engine", async () => {
    const view = render(strict("A"));
    act(() => {
      startTransition(() => view.rerender(strict("B", true)));
    });
    // The transition is still pending: the screen shows A.
    expect(view.container.textContent).toBe("A idle");

    await act(() => seen.committed!.threadManager.processMessage("Hello"));
    expect(seen.finished).toEqual(["A"]);
  });

  it("a committed render's options reach the engine before the user can act", async () => {
    const view = render(strict("A"));
    view.rerender(strict("B"));
    await act(() => seen.committed!.threadManager.processMessage("Hello"));
    expect(seen.finished).toEqual(["B"]);
  });
});
