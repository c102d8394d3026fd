import type {
  CrayonStreamEvent,
  Message,
  StreamProtocolAdapter,
  WireFrame,
} from "@crayonai/stream";
import { parseReplyFixture, type ReplyFixture } from "../core/reply/replyFixture";
import { readReply } from "../core/reply/replyReader";
import { replyOutcome } from "../core/reply/replyRequest";
import type { ReplyOutcome } from "../types";

/** Options of {@link replayFixture}. */
export type ReplayFixtureOptions = {
  /**
   * The adapter of the backend the fixture was copied from (e.g. `agUIAdapter()`): the
   * fixture's wire frames are written back into a body and parsed with it. Without it, the
   * fixture's Crayon events are replayed as they are (the adapter is left out).
   */
  streamProtocol?: StreamProtocolAdapter;
};

/** What {@link replayFixture} returns: the replayed thread beside the fixture's. */
export type FixtureReplay = {
  /** The thread's messages after the replay. */
  messages: Message[];
  /** How the replayed reply ended. */
  outcome: ReplyOutcome;
  /**
   * The fixture's `expected` and the replay, comparable: message ids numbered in order of
   * appearance (ids a client generates differ from run to run) and reasoning durations left
   * out (they measure time). Assert `expect(replay.actual).toEqual(replay.expected)`.
   */
  actual: { outcome: ReplyOutcome; messages: Message[] };
  expected: { outcome: ReplyOutcome; messages: Message[] };
};

/** One wire frame written back as it came over the wire. */
function frameText(frame: WireFrame): string {
  if (frame.kind === "text") return frame.data;
  if (frame.kind === "line") return `${frame.data}\n`;
  const data = frame.data
    .split("\n")
    .map((line) => `data: ${line}\n`)
    .join("");
  const event = frame.event === undefined ? "" : `event: ${frame.event}\n`;
  return `${event}${frame.id ? `id: ${frame.id}\n` : ""}${data}\n`;
}

/** The fixture's body rebuilt from its frames, with its status and headers. */
function fixtureResponse(fixture: ReplyFixture): Response {
  const body = fixture.wire.map(frameText).join("");
  const kind = fixture.wire[0]?.kind;
  const headers = new Headers(fixture.response?.headers);
  if (!headers.has("content-type")) {
    headers.set("content-type", kind === "sse" ? "text/event-stream" : "text/plain");
  }
  return new Response(body, { status: fixture.response?.status ?? 200, headers });
}

/** The recorded events, as an adapter would hand them out. */
async function* recorded(events: CrayonStreamEvent[]): AsyncIterable<CrayonStreamEvent> {
  yield* events;
}

/** `messages` with ids numbered in order of appearance and reasoning durations left out. */
function comparable(messages: readonly Message[]): Message[] {
  const ids = new Map<string, string>();
  const rename = (id: string) => {
    if (!ids.has(id)) ids.set(id, `#${ids.size + 1}`);
    return ids.get(id)!;
  };
  return messages.map((message) => {
    const copy = { ...message, id: rename(message.id) } as Message & { durationMs?: number };
    if (copy.parentId !== undefined) copy.parentId = rename(copy.parentId);
    delete copy.durationMs;
    return copy;
  });
}

/**
 * Replays a reply fixture (copied from `ChatInspector`, or built with `replyFixture`) through
 * the engine's reply reader, the code a chat reads every reply with: its messages before, then
 * its wire (parsed by `streamProtocol`) or its recorded Crayon events. A bug seen in the
 * inspector becomes a failing test in one paste. The fixture is checked first.
 *
 * @throws {ReplyFixtureError} when `fixture` is not a valid reply fixture.
 *
 * @example
 * ```ts
 * import fixture from "./fixtures/weather-reply.json";
 * import { agUIAdapter } from "@crayonai/stream/adapters/ag-ui";
 * import { replayFixture } from "@crayonai/react-core/testing";
 *
 * it("shows the weather reply", async () => {
 *   const replay = await replayFixture(fixture, { streamProtocol: agUIAdapter() });
 *   expect(replay.actual).toEqual(replay.expected);
 * });
 * ```
 */
export async function replayFixture(
  fixture: unknown,
  options: ReplayFixtureOptions = {},
): Promise<FixtureReplay> {
  const valid = parseReplyFixture(fixture);
  const { streamProtocol } = options;
  const signal = new AbortController().signal;
  const result = await readReply({
    history: valid.messages,
    continues: valid.continues,
    agentState: valid.request?.state,
    signal,
    batching: "microtask",
    open: async () =>
      streamProtocol ? streamProtocol.parse(fixtureResponse(valid)) : recorded(valid.events),
    onUpdate: () => {},
  });
  const outcome = replyOutcome(result.failure, false, result.messages);
  return {
    messages: result.messages,
    outcome,
    actual: { outcome, messages: comparable(result.messages) },
    expected: {
      outcome: valid.expected.outcome,
      messages: comparable(valid.expected.messages),
    },
  };
}
