import type { CrayonStreamEvent, SourceReference } from "@crayonai/stream";

/**
 * Reduces Crayon events to the text a protocol without their kinds can carry (the text-only
 * ones, and OpenAI's completion for all but reasoning and client tool calls). Text passes as
 * it is, separated by a blank line when a new assistant message starts; sources are listed as
 * markdown links when their message ends; an approval request is told as a sentence (it
 * cannot be answered there). Reasoning, tool calls and results, activities and state are left
 * out. Errors are not text: each protocol reports them its own way.
 */
export function createTextDegrader() {
  let wroteText = false;
  let separate = false;
  const sources: SourceReference[] = [];

  const flushSources = (): string[] => {
    if (sources.length === 0) return [];
    const list = sources.map((s, i) => `${i + 1}. [${s.title ?? s.url ?? s.id}](${s.url ?? ""})`);
    sources.length = 0;
    return [`\n\nSources:\n${list.join("\n")}`];
  };

  const text = (chunk: string): string[] => {
    if (!chunk) return [];
    const prefix = separate && wroteText ? "\n\n" : "";
    separate = false;
    wroteText = true;
    return [prefix + chunk];
  };

  return {
    /** The text pieces one event adds. */
    map(event: CrayonStreamEvent): string[] {
      switch (event.type) {
        case "message-start":
          separate = true;
          return [];
        case "text-delta":
          return text(event.text);
        case "source":
          sources.push(event.source);
          return [];
        case "message-end":
          separate = true;
          return flushSources();
        case "tool-approval-request":
          separate = true;
          return text(
            "_This step needs your approval, which this protocol cannot carry. Switch to the crayon, ag-ui or vercel protocol to approve or reject it._",
          );
        default:
          return [];
      }
    },
    /** What is still pending when the reply ends. */
    end: (): string[] => flushSources(),
  };
}
