import type { Message } from "@crayonai/stream";
import { Hono } from "hono";
import { runAgent } from "../agent/runAgent";
import { abortOnCancel } from "../chat/abortOnCancel";
import { recordReply } from "../chat/recordReply";
import type { ResolvedDemoAgentOptions } from "../options";
import { isDemoProtocol } from "../protocols/demoProtocols";
import { protocolEncoders } from "../protocols/encoders";
import type { ThreadStore } from "../store/threadStore";
import { threadTitle } from "../store/threadTitle";
import { jsonBody } from "./jsonBody";
import { parseChatRequest } from "./validation";

/**
 * `POST /api/chat?protocol=…`: answers the conversation in the body, streamed in the requested
 * protocol. The thread's messages are saved when the request arrives and again when the reply
 * ends, is stopped, or fails (the partial reply is kept). A thread id the store does not know
 * yet is created, so a client without thread management still gets its history saved.
 */
export function chatRoute(store: () => Promise<ThreadStore>, options: ResolvedDemoAgentOptions) {
  return new Hono().post("/", async (c) => {
    const protocol = c.req.query("protocol") ?? "crayon";
    if (!isDemoProtocol(protocol)) {
      return c.json({ error: `Unknown protocol "${protocol}".` }, 400);
    }
    const request = parseChatRequest(await jsonBody(c));
    if (typeof request === "string") return c.json({ error: request }, 400);

    const db = await store();
    const { threadId, messages } = request;
    const runId = request.runId ?? globalThis.crypto.randomUUID();
    if (threadId !== undefined) {
      if (!db.getThread(threadId)) {
        const first = messages.find((m) => m.role === "user");
        await db.createThread({
          threadId,
          title: first?.role === "user" ? threadTitle(first) : "New chat",
          createdAt: new Date().toISOString(),
        });
      }
      await db.setMessages(threadId, messages);
    }

    const abort = new AbortController();
    const stop = () => abort.abort();
    const requestSignal = c.req.raw.signal;
    if (requestSignal.aborted) stop();
    else requestSignal.addEventListener("abort", stop, { once: true });

    const save = async (thread: Message[]) => {
      requestSignal.removeEventListener("abort", stop);
      if (threadId === undefined) return;
      try {
        await db.setMessages(threadId, thread);
      } catch (error) {
        console.error("The demo agent could not save the reply:", error);
      }
    };
    const events = recordReply(
      runAgent({
        threadId: threadId ?? "",
        runId,
        messages,
        signal: abort.signal,
        delayMs: options.delayMs,
        ...(options.openai ? { openai: options.openai } : {}),
      }),
      { history: messages, signal: abort.signal, onSettled: save },
    );
    const run = { threadId: threadId ?? `unsaved-${runId}`, runId };
    return abortOnCancel(protocolEncoders[protocol](events, run), stop);
  });
}
