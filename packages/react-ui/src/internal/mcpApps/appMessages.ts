import type { JSONValue } from "@crayonai/stream";

/** How many `ui/message` an app may send in a window of time. */
export type MessageLimit = { count: number; perMs: number };

/**
 * A sliding-window limit: `take()` is true while fewer than `count` were taken in the last
 * `perMs` milliseconds (as `now` tells them), and counts the take.
 */
export function createRateLimit({ count, perMs }: MessageLimit, now: () => number = Date.now) {
  const taken: number[] = [];
  return {
    take(): boolean {
      const time = now();
      while (taken.length > 0 && taken[0]! <= time - perMs) taken.shift();
      if (taken.length >= count) return false;
      taken.push(time);
      return true;
    },
  };
}

/** The text of an app's `ui/message` content blocks (text blocks only), or undefined if none. */
export function messageText(content: unknown): string | undefined {
  const blocks = Array.isArray(content) ? content : [content];
  const texts = blocks.flatMap((block) =>
    block && typeof block === "object" && block.type === "text" && typeof block.text === "string"
      ? [block.text]
      : [],
  );
  const text = texts.join("\n").trim();
  return text ? text : undefined;
}

/** Which app a message or context entry came from, as the chat records it. */
export type AppSource = {
  server: string;
  tool: string;
  title: string;
  toolCallId: string;
};

/** The metadata key of a user message an MCP App sent (`metadata.mcpApp`). */
export const APP_MESSAGE_METADATA = "mcpApp";

/** The JSON copy of a value (drops what JSON cannot carry); undefined when it has none. */
function json(value: unknown): JSONValue | undefined {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(JSON.stringify(value)) as JSONValue;
  } catch {
    return undefined;
  }
}

/**
 * A `ui/update-model-context` as an entry of the next user message's `context`: which app, and
 * the content blocks and structured content it gave.
 */
export function modelContextEntry(
  source: AppSource,
  params: { content?: unknown; structuredContent?: unknown },
): JSONValue {
  const content = json(params.content);
  const structuredContent = json(params.structuredContent);
  return {
    type: "mcp_app_context",
    app: source.title,
    server: source.server,
    tool: source.tool,
    toolCallId: source.toolCallId,
    ...(content !== undefined && { content }),
    ...(structuredContent !== undefined && { structuredContent }),
  };
}
