// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import {
  type ChatManager,
  type UseChatParams,
  useChat,
  useIsRunning,
  useMessages,
  useThreads,
} from "./index";

// Runs before the imports above: every browser global becomes a getter that records its reads
// (and finds nothing), so the package, and what it imports, are evaluated under watch.
const importWatch = vi.hoisted(() => {
  const names = [
    "window",
    "document",
    "navigator",
    "localStorage",
    "sessionStorage",
    "requestAnimationFrame",
    "cancelAnimationFrame",
  ];
  const globals = globalThis as Record<string, unknown>;
  const saved = new Map(
    names.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const),
  );
  const touched: string[] = [];
  for (const name of names) {
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() {
        touched.push(name);
        return undefined;
      },
    });
  }
  return {
    touched,
    restore() {
      for (const [name, descriptor] of saved) {
        delete globals[name];
        if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      }
    },
  };
});
// Module code runs once every import is evaluated.
importWatch.restore();

function Toolbar({ chat }: { chat: ChatManager }) {
  const isRunning = useIsRunning(chat);
  const threads = useThreads(chat);
  return (
    <p>
      {isRunning ? "running" : "idle"}, {threads.length} threads
    </p>
  );
}

function MessageCount({ chat }: { chat: ChatManager }) {
  return <p>{useMessages(chat).length} messages</p>;
}

function Chat(params: UseChatParams) {
  const chat = useChat(params);
  const { threadManager, threadListManager } = chat;
  return (
    <main>
      <Toolbar chat={chat} />
      <MessageCount chat={chat} />
      <p>selected: {threadListManager.selectedThreadId ?? "new"}</p>
      <p>{threadListManager.isLoading ? "loading" : "ready"}</p>
      <button type="button" disabled={threadManager.isRunning || threadManager.isAwaitingInput}>
        Send
      </button>
    </main>
  );
}

describe("server rendering", () => {
  it("runs where there is no DOM", () => {
    expect(typeof window).toBe("undefined");
    expect(typeof document).toBe("undefined");
  });

  it("reads no browser global while the package is imported", () => {
    expect(importWatch.touched).toEqual([]);
    expect(typeof useChat).toBe("function");
  });

  it("renders a chat built with useChat to a string, without calling the backend", async () => {
    const { renderToString } = await import("react-dom/server");
    const fetchThreadList = vi.fn(async () => [{ threadId: "t1", title: "Hello", createdAt: 0 }]);
    const loadThread = vi.fn(async () => []);
    const processMessage = vi.fn(async () => new Response(""));

    const html = renderToString(
      <Chat
        fetchThreadList={fetchThreadList}
        loadThread={loadThread}
        processMessage={processMessage}
      />,
    );

    expect(html).toContain("idle");
    expect(html).toContain("0<!-- --> threads");
    expect(html).toContain("0<!-- --> messages");
    expect(html).toContain("selected: <!-- -->new");
    expect(html).toContain("ready");
    expect(html).toMatch(/<button type="button">Send<\/button>/);
    // Effects do not run on the server: nothing is fetched while rendering.
    expect(fetchThreadList).not.toHaveBeenCalled();
    expect(loadThread).not.toHaveBeenCalled();
    expect(processMessage).not.toHaveBeenCalled();
  });
});
