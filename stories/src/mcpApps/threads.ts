import type { Message } from "@crayonai/stream";
import type { PreloadedThread } from "../scriptedChat";
import { clockResult } from "./fakeEndpoint";

// The conversations of the MCP App stories: finished calls of the fixture apps' tools.

const NOW = Date.UTC(2025, 0, 15, 12);

/** A reply calling `name` with `args`, answered with `result` (JSON text). */
function call(id: string, name: string, args: object, result: unknown): Message[] {
  return [
    {
      id: `${id}_a`,
      role: "assistant",
      status: "complete",
      content: "",
      toolCalls: [
        { id: `${id}_call`, type: "function", function: { name, arguments: JSON.stringify(args) } },
      ],
    },
    {
      id: `${id}_t`,
      role: "tool",
      toolCallId: `${id}_call`,
      content: typeof result === "string" ? result : JSON.stringify(result),
    },
  ];
}

const thread = (threadId: string, title: string, messages: Message[]): PreloadedThread => ({
  threadId,
  title,
  createdAt: NOW,
  messages,
});

/** The world clock, asked for Paris: its app shows the input and the result. */
export const CLOCK_THREAD = thread("t_clock", "Time in Paris", [
  { id: "clock_u", role: "user", content: "What time is it in Paris?" },
  ...call("clock", "get_time", { timezone: "Europe/Paris" }, clockResult("Europe/Paris")),
  { id: "clock_end", role: "assistant", status: "complete", content: "It is 14:05 in Paris." },
]);

/** One call of a hostile fixture app's tool. */
export const hostileThread = (name: string, extra: Message[] = []) =>
  thread(`t_${name}`, `The ${name} app`, [
    { id: `${name}_u`, role: "user", content: `Run ${name}.` },
    ...extra,
    ...call(name, name, {}, { content: [{ type: "text", text: `${name} ran.` }] }),
  ]);

/** The impostor beside an honest clock: neither may speak for the other's call. */
export const OTHER_CALL_THREAD = hostileThread(
  "impersonate",
  call("honest", "get_time", { timezone: "Asia/Tokyo" }, clockResult("Asia/Tokyo")),
);

/** Three interfaces that cannot load: the server is gone, not an app, over the size limit. */
export const FAILURES_THREAD = thread("t_failures", "Apps that cannot load", [
  { id: "fail_u", role: "user", content: "Show the three apps." },
  ...call("broken", "broken_app", {}, { content: [{ type: "text", text: "Plain result one." }] }),
  ...call(
    "wrong",
    "wrong_type_app",
    {},
    { content: [{ type: "text", text: "Plain result two." }] },
  ),
  ...call("huge", "huge_app", {}, { content: [{ type: "text", text: "Plain result three." }] }),
]);
