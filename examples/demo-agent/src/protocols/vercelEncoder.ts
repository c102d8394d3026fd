import { createUIMessageStream, createUIMessageStreamResponse } from "ai";
import type { ProtocolEncoder } from "./protocolEncoder";
import { createVercelChunkMapper } from "./vercelChunks";

/**
 * The Vercel AI SDK UI message stream, written by `ai`'s `createUIMessageStream` and
 * `createUIMessageStreamResponse` (SSE with `x-vercel-ai-ui-message-stream: v1`).
 */
export const vercelEncoder: ProtocolEncoder = (events) => {
  const mapper = createVercelChunkMapper();
  const stream = createUIMessageStream({
    async execute({ writer }) {
      for await (const event of events) {
        for (const chunk of mapper.map(event)) writer.write(chunk);
      }
      for (const chunk of mapper.end()) writer.write(chunk);
    },
    onError: (error) => (error instanceof Error ? error.message : String(error)),
  });
  return createUIMessageStreamResponse({ stream });
};
