import {
  type CrayonStreamEvent,
  type HttpRequestTrace,
  type Message,
  validateMessages,
  type WireFrame,
} from "@crayonai/stream";
import type { ReplyOutcome } from "../../types";
import type { ChatDebugEvent, DebugChatRequest, DebugResponse } from "../debugChannel";

/** The `format` of every {@link ReplyFixture}. */
export const REPLY_FIXTURE_FORMAT = "crayon-reply-fixture@1";

/**
 * One reply as the debug channel saw it, to replay in a test (`replayFixture` of
 * `@crayonai/react-core/testing`): what the reply answered, what came over the wire (and the
 * Crayon events it became) and what the thread showed after it. Plain JSON; secrets in headers
 * are redacted when it is made.
 */
export type ReplyFixture = {
  format: typeof REPLY_FIXTURE_FORMAT;
  /** The request `processMessage` received (informational; null for a followed reply). */
  request: DebugChatRequest | null;
  /** The HTTP request, when the backend reported it. */
  http?: HttpRequestTrace;
  /** The HTTP response's status and headers. */
  response?: DebugResponse;
  /** The thread's messages before the reply. */
  messages: Message[];
  /** History message ids the reply could extend. */
  continues: string[];
  /** The body, frame by frame, as the adapter parsed it. */
  wire: WireFrame[];
  /** The Crayon events the adapter made of it. */
  events: CrayonStreamEvent[];
  /** What the thread showed once the reply ended. */
  expected: { outcome: ReplyOutcome; messages: Message[] };
};

/** Why a value is not a {@link ReplyFixture}: each problem with the path of the field. */
export class ReplyFixtureError extends Error {
  override readonly name = "ReplyFixtureError";
  /** `path: problem`, one per problem found. */
  readonly issues: readonly string[];

  constructor(issues: readonly string[]) {
    super(`Not a reply fixture: ${issues.join("; ")}`);
    this.issues = issues;
  }
}

/**
 * The fixture of one reply, from the debug channel's events (those of other replies are
 * skipped): `replyId` names the reply, by default the last one that ended in `events`.
 *
 * @throws {ReplyFixtureError} when `events` has no start and end of that reply.
 */
export function replyFixture(events: readonly ChatDebugEvent[], replyId?: string): ReplyFixture {
  let id = replyId;
  for (const event of events) if (!replyId && event.type === "reply-end") id = event.replyId;
  const start = events.find((e) => e.replyId === id && e.type === "reply-start");
  const end = events.find((e) => e.replyId === id && e.type === "reply-end");
  if (start?.type !== "reply-start" || end?.type !== "reply-end") {
    throw new ReplyFixtureError(["events: no reply that started and ended"]);
  }
  const fixture: ReplyFixture = {
    format: REPLY_FIXTURE_FORMAT,
    request: start.request,
    messages: start.messages,
    continues: start.continues,
    wire: [],
    events: [],
    expected: { outcome: end.outcome, messages: end.messages },
  };
  for (const event of events) {
    if (event.replyId !== id) continue;
    if (event.type === "request") fixture.http = event.request;
    // The first response is the reply's; a resumed connection's is not part of the body.
    else if (event.type === "response") fixture.response ??= event.response;
    else if (event.type === "wire") fixture.wire.push(event.frame);
    else if (event.type === "event") fixture.events.push(event.event);
  }
  // A plain JSON copy: what the inspector copies is what a test reads back.
  return JSON.parse(JSON.stringify(fixture)) as ReplyFixture;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const OUTCOMES: readonly ReplyOutcome[] = ["complete", "stopped", "error", "awaiting_input"];

/** Checks that every message of `value` (at `path`) is valid, as a loaded history is. */
function checkMessages(value: unknown, path: string, issues: string[]): void {
  if (!Array.isArray(value)) {
    issues.push(`${path}: not a list`);
    return;
  }
  for (const error of validateMessages(value).errors) {
    issues.push(`${path}[${error.index}]${error.path ? `.${error.path}` : ""}: ${error.message}`);
  }
}

/**
 * `value` as a {@link ReplyFixture}, after checking it (a fixture is data from outside: a
 * pasted file). Messages are checked as a loaded history is; wire frames, events and the
 * response for their shapes.
 *
 * @throws {ReplyFixtureError} listing every problem found.
 */
export function parseReplyFixture(value: unknown): ReplyFixture {
  const issues: string[] = [];
  if (!isObject(value)) throw new ReplyFixtureError(["fixture: not an object"]);
  if (value.format !== REPLY_FIXTURE_FORMAT) {
    issues.push(`format: expected "${REPLY_FIXTURE_FORMAT}"`);
  }
  checkMessages(value.messages, "messages", issues);
  if (!Array.isArray(value.continues) || value.continues.some((id) => typeof id !== "string")) {
    issues.push("continues: not a list of ids");
  }
  if (!Array.isArray(value.wire)) issues.push("wire: not a list");
  else {
    value.wire.forEach((frame, i) => {
      const valid =
        isObject(frame) &&
        (frame.kind === "sse" || frame.kind === "line" || frame.kind === "text") &&
        typeof frame.data === "string" &&
        (frame.event === undefined || typeof frame.event === "string") &&
        (frame.id === undefined || typeof frame.id === "string");
      if (!valid) issues.push(`wire[${i}]: not a frame ({ kind, data, event?, id? })`);
    });
  }
  if (!Array.isArray(value.events)) issues.push("events: not a list");
  else {
    value.events.forEach((event, i) => {
      if (!isObject(event) || typeof event.type !== "string") {
        issues.push(`events[${i}]: not an event (no type)`);
      }
    });
  }
  const { response } = value;
  if (response !== undefined) {
    const valid =
      isObject(response) &&
      Number.isInteger(response.status) &&
      isObject(response.headers) &&
      Object.values(response.headers).every((header) => typeof header === "string");
    if (!valid) issues.push("response: not a response ({ status, headers })");
  }
  const { expected } = value;
  if (!isObject(expected)) issues.push("expected: not an object");
  else {
    if (!OUTCOMES.includes(expected.outcome as ReplyOutcome)) {
      issues.push(`expected.outcome: not one of ${OUTCOMES.join(", ")}`);
    }
    checkMessages(expected.messages, "expected.messages", issues);
  }
  if (issues.length) throw new ReplyFixtureError(issues);
  return value as ReplyFixture;
}
