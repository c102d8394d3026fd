import { chatDebugChannel, useChat } from "@crayonai/react-core";
import { CrayonChat } from "@crayonai/react-ui";
import { ChatInspector } from "@crayonai/react-ui/inspector";
import "@crayonai/react-ui/styles.css";
import { useEffect } from "react";
import { createRoot } from "react-dom/client";
import { frame, TOKENS, token } from "./reply";

declare global {
  interface Window {
    /** Set once the reply is rendered to its last token. */
    benchDone?: boolean;
    /** Debug channel events seen with `?inspector=channel`. */
    benchDebugEvents?: number;
  }
}

// `?inspector=1`: the inspector open; `?inspector=channel`: only a listener on the debug channel
// (what the engine costs, without the panel).
const mode = new URLSearchParams(location.search).get("inspector");
const inspector = mode === "1";
const PER_TICK = 8;

/** A 4,000-token Crayon SSE reply, streamed from the page: 8 tokens every 4 ms. */
function streamedReply(signal: AbortSignal): Response {
  const encoder = new TextEncoder();
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, 4));
      if (signal.aborted) return controller.close();
      let text = "";
      for (let n = 0; n < PER_TICK && i < TOKENS; n++, i++) text += frame("text", token(i));
      controller.enqueue(encoder.encode(text));
      if (i >= TOKENS) controller.close();
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream" } });
}

function Page() {
  const chat = useChat({
    processMessage: async ({ abortController }) => streamedReply(abortController.signal),
    onFinish: () => {
      // The last render of the reply lands in the next frame.
      requestAnimationFrame(() => {
        window.benchDone = true;
      });
    },
  });
  useEffect(() => {
    if (mode !== "channel") return;
    const unsubscribe = chatDebugChannel(chat)?.subscribe(() => {
      window.benchDebugEvents = (window.benchDebugEvents ?? 0) + 1;
    });
    return () => {
      unsubscribe?.();
    };
  }, [chat]);
  return (
    <>
      <CrayonChat chat={chat} />
      {/* Closed, an empty column in its place: the chat has the same width either way. */}
      {inspector ? <ChatInspector chat={chat} /> : <div />}
    </>
  );
}

createRoot(document.getElementById("root")!).render(<Page />);
