/**
 * The stream protocols the demo agent speaks: `POST /api/chat?protocol=` serves all but
 * `openai`, which is served where an OpenAI-compatible client looks for it
 * (`POST /api/openai/chat/completions`). Browser-safe: shared by the server and the client helper.
 */
export const demoProtocols = ["crayon", "ag-ui", "vercel", "openai", "plain-text", "text"] as const;

/** One of {@link demoProtocols}. */
export type DemoProtocol = (typeof demoProtocols)[number];

/** Whether `value` names a protocol the demo agent speaks. */
export function isDemoProtocol(value: unknown): value is DemoProtocol {
  return typeof value === "string" && (demoProtocols as readonly string[]).includes(value);
}
