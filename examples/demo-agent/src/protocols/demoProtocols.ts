/**
 * The stream protocols the demo agent speaks: `POST /api/chat?protocol=` serves all but
 * `openai` and `open-responses`, which are served where an OpenAI-compatible client looks for
 * them (`POST /api/openai/chat/completions`, `POST /api/openai/responses`). Browser-safe:
 * shared by the server and the client helper.
 */
export const demoProtocols = [
  "crayon",
  "ag-ui",
  "vercel",
  "openai",
  "open-responses",
  "plain-text",
  "text",
] as const;

/** One of {@link demoProtocols}. */
export type DemoProtocol = (typeof demoProtocols)[number];

/** Each protocol's name as a protocol picker shows it. */
export const demoProtocolLabels: Record<DemoProtocol, string> = {
  crayon: "Crayon SSE",
  "ag-ui": "AG-UI",
  vercel: "Vercel AI",
  openai: "OpenAI",
  "open-responses": "OpenAI Responses",
  "plain-text": "Plain text SSE",
  text: "Text stream",
};

/** Whether `value` names a protocol the demo agent speaks. */
export function isDemoProtocol(value: unknown): value is DemoProtocol {
  return typeof value === "string" && (demoProtocols as readonly string[]).includes(value);
}
