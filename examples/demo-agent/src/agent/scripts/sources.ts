import type { CrayonStreamEvent, SourceReference } from "@crayonai/stream";
import { createId } from "../ids";
import type { Script } from "../script";
import { textDeltas } from "../scriptEvents";

/** The sources /sources cites, in order. */
export const demoSources: SourceReference[] = [
  {
    id: "source-sse",
    kind: "url",
    url: "https://developer.mozilla.org/en-US/docs/Web/API/Server-sent_events",
    title: "Server-sent events (MDN)",
  },
  {
    id: "source-ag-ui",
    kind: "url",
    url: "https://docs.ag-ui.com/concepts/events",
    title: "AG-UI events",
  },
  {
    id: "source-ai-sdk",
    kind: "url",
    url: "https://ai-sdk.dev/docs/ai-sdk-ui/stream-protocol",
    title: "AI SDK stream protocol",
  },
];

/** The /sources answer; its numbers refer to {@link demoSources}. */
export const sourcesText =
  "Most chat backends stream over Server-Sent Events [1]. AG-UI defines its events as JSON objects sent one per SSE frame [2], and the Vercel AI SDK does the same with its UI message chunks [3].";

async function* cite(): AsyncGenerator<CrayonStreamEvent> {
  const messageId = createId("msg");
  yield { type: "message-start", messageId };
  yield* textDeltas(sourcesText, messageId);
  for (const source of demoSources) yield { type: "source", source, messageId };
  yield { type: "message-end", messageId };
}

/** `/sources`: an answer with numbered citations attached as sources. */
export const sourcesScript: Script = {
  command: "/sources",
  description: "An answer that cites its sources.",
  run: cite,
};
