import { type ChatManager, type Thread, useChat } from "@crayonai/react-core";
import { crayonSSEResponse } from "@crayonai/server/sse";
import type { CrayonStreamEvent, Message } from "@crayonai/stream";
import { useEffect, useRef, useState } from "react";
import { scriptForConversation } from "./chatScripts";
import { markStoryBusy, markStorySettled } from "./storySettled";

/** Options of {@link createScriptedBackend}. */
export type ScriptedBackendOptions = {
  /** Pause before each streamed event, so streaming is visible. Default 25 ms. */
  delayMs?: number;
  /** Called when a reply that never finishes has streamed all it will stream. */
  onParked?: () => void;
};

/** An in-memory stand-in for a chat backend: answers with scripted Crayon SSE responses. */
export type ScriptedBackend = {
  /** `useChat`'s `processMessage`: no network, a scripted reply chosen by the user's text. */
  processMessage: (params: {
    threadId: string;
    messages: Message[];
    abortController: AbortController;
  }) => Promise<Response>;
};

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** Resolves only when `signal` aborts (the user pressed stop or left the story). */
function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    signal.addEventListener("abort", () => resolve(), { once: true });
  });
}

/**
 * A backend whose replies are scripted (see `chatScripts.ts`) and streamed as real Crayon SSE
 * responses, so everything from parsing to rendering runs as in production.
 */
export function createScriptedBackend(options: ScriptedBackendOptions = {}): ScriptedBackend {
  const delayMs = options.delayMs ?? 25;
  // Sends per user message: a retried failure gets a different (successful) reply.
  const attempts = new Map<string, number>();

  return {
    async processMessage({ messages, abortController }) {
      const lastUser = [...messages].reverse().find((m) => m.role === "user");
      const key = lastUser?.id ?? "";
      const attempt = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, attempt);
      const script = scriptForConversation(messages, attempt);
      const signal = abortController.signal;

      async function* stream(): AsyncGenerator<CrayonStreamEvent> {
        for (const event of script.events) {
          await pause(delayMs, signal);
          if (signal.aborted) return;
          yield event;
        }
        if (script.neverFinishes) {
          // The client pulled past the last frame: it has everything it will ever get.
          options.onParked?.();
          await untilAborted(signal);
        }
      }
      return crayonSSEResponse(stream());
    },
  };
}

/** A thread with its messages, present before the story starts. */
export type PreloadedThread = {
  threadId: string;
  title: string;
  messages: Message[];
  createdAt?: Date | string | number;
};

/** Options of {@link useScriptedChat}. */
export type UseScriptedChatOptions = {
  /** Threads in the list when the story opens (most recent first). */
  threads?: PreloadedThread[];
  /** Selects this preloaded thread once the list has loaded. */
  selectedThreadId?: string;
  /** Runs once the selected thread has loaded (e.g. edit a message to create a branch). */
  setup?: (chat: ChatManager) => Promise<void>;
  /** Sent as the user's message once setup is done, so the story opens mid-conversation. */
  send?: string;
  /** Sent while the reply to `send` streams: they wait in the thread's queue. */
  queue?: string[];
  /** Pause before each streamed event. Default 25 ms. */
  delayMs?: number;
};

/** Polls `ready` once per frame until it holds (or the story unmounts). */
function frameUntil(ready: () => boolean, isCancelled: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (isCancelled() || ready()) return resolve();
      requestAnimationFrame(check);
    };
    check();
  });
}

/**
 * `useChat` wired to a {@link createScriptedBackend} with in-memory persistence: preloaded
 * threads are listed and loaded as from a server, new threads and messages are kept in memory.
 * When the story reaches the state it shows (loaded, set up, and the sent reply finished or
 * parked), the document is marked settled for the screenshot check.
 */
export function useScriptedChat(options: UseScriptedChatOptions = {}): ChatManager {
  const [store] = useState(() => {
    // Marked during the first render, so a check never sees the story before it is busy.
    markStoryBusy();
    const threads = new Map<string, PreloadedThread>();
    for (const thread of options.threads ?? []) threads.set(thread.threadId, thread);
    let parked: () => void = () => {};
    const backend = createScriptedBackend({
      delayMs: options.delayMs,
      onParked: () => parked(),
    });
    return {
      threads,
      backend,
      /** The thread whose reply streams now: reply messages are saved to it. */
      currentThreadId: null as string | null,
      whenParked: () =>
        new Promise<void>((resolve) => {
          parked = resolve;
        }),
    };
  });

  const chat = useChat({
    fetchThreadList: async () =>
      [...store.threads.values()].map(
        (t): Thread => ({ threadId: t.threadId, title: t.title, createdAt: t.createdAt ?? 0 }),
      ),
    createThread: async (firstMessage) => {
      const threadId = `thread_${store.threads.size + 1}_${Date.now()}`;
      const title =
        typeof firstMessage.content === "string" ? firstMessage.content.slice(0, 60) : "New chat";
      store.threads.set(threadId, { threadId, title, messages: [], createdAt: Date.now() });
      return { threadId, title, createdAt: Date.now() };
    },
    deleteThread: async (threadId) => {
      store.threads.delete(threadId);
    },
    updateThread: async (thread) => {
      const saved = store.threads.get(thread.threadId);
      if (saved) saved.title = thread.title;
      return thread;
    },
    loadThread: async (threadId) => store.threads.get(threadId)?.messages ?? [],
    processMessage: (params) => {
      const saved = store.threads.get(params.threadId);
      if (saved) saved.messages = [...params.messages];
      store.currentThreadId = params.threadId;
      return store.backend.processMessage(params);
    },
    onUpdateMessage: ({ message }) => {
      // User messages reach the store through processMessage; this saves the reply's messages.
      if (message.role === "user" || store.currentThreadId === null) return;
      const saved = store.threads.get(store.currentThreadId);
      if (!saved) return;
      const index = saved.messages.findIndex((m) => m.id === message.id);
      if (index === -1) saved.messages.push(message);
      else saved.messages[index] = message;
    },
  });

  const chatRef = useRef(chat);
  chatRef.current = chat;

  // Bring the story to its state, then mark it settled. A run cancelled before its first await
  // resumes (React's strict-mode double mount) does nothing.
  useEffect(() => {
    let cancelled = false;
    const isCancelled = () => cancelled;

    const run = async () => {
      const expected = options.threads?.length ?? 0;
      await frameUntil(() => {
        const list = chatRef.current.threadListManager;
        return !list.isLoading && list.threads.length >= expected;
      }, isCancelled);
      const selected = options.selectedThreadId;
      if (selected) {
        chatRef.current.threadListManager.selectThread(selected);
        await frameUntil(() => {
          const thread = chatRef.current.threadManager;
          return (
            thread.threadId === selected && !thread.isLoadingMessages && thread.messages.length > 0
          );
        }, isCancelled);
      }
      if (cancelled) return;
      if (options.setup) await options.setup(chatRef.current);
      if (cancelled) return;
      if (options.send) {
        const parked = store.whenParked();
        await Promise.race([chatRef.current.threadManager.processMessage(options.send), parked]);
      }
      for (const queued of options.queue ?? []) {
        if (!cancelled) await chatRef.current.threadManager.processMessage(queued);
      }
      if (!cancelled) markStorySettled();
    };
    void run();
    return () => {
      cancelled = true;
    };
  }, [
    options.threads,
    options.selectedThreadId,
    options.setup,
    options.send,
    options.queue,
    store,
  ]);

  return chat;
}
