import { INTERRUPTED_REPLY_ERROR } from "@crayonai/server/threads";
import type { Message } from "@crayonai/stream";

// Test support: what the chaos test compares, once everything settled.

/** How a reply ended, as a user sees it. */
export type ReplyOutcome = "complete" | "stopped" | "interrupted" | "failed" | "streaming";

/** A thread's turns: each user message with the reply that follows it. */
export function turnsOf(messages: readonly Message[]): { input: string; reply: Message[] }[] {
  const turns: { input: string; reply: Message[] }[] = [];
  for (const message of messages) {
    if (message.role === "user") {
      turns.push({ input: typeof message.content === "string" ? message.content : "", reply: [] });
    } else turns.at(-1)?.reply.push(message);
  }
  return turns;
}

/** How `reply` ended: from its last assistant message's status. */
export function outcomeOf(reply: readonly Message[]): ReplyOutcome {
  if (reply.some((m) => m.role === "assistant" && m.status === "streaming")) return "streaming";
  const last = reply.filter((m) => m.role === "assistant").at(-1);
  if (last?.role !== "assistant") return "failed";
  if (last.status === "stopped") return "stopped";
  if (last.status === "error")
    return last.error === INTERRUPTED_REPLY_ERROR ? "interrupted" : "failed";
  return "complete";
}

/**
 * A reply's text in the order it streams, every message, tool call and source, without ids or
 * statuses: a reply cut short anywhere gives a prefix of the whole reply's text.
 */
export function replyText(reply: readonly Message[]): string {
  return reply
    .filter((message) => !isEmptyEnd(message))
    .map((message) => {
      const text =
        typeof message.content === "string"
          ? message.content
          : message.role === "activity"
            ? JSON.stringify(message.content)
            : JSON.stringify(message.content ?? "");
      const calls =
        message.role === "assistant"
          ? (message.toolCalls ?? []).map(
              (c) => `\n[call ${c.function.name}] ${c.function.arguments}`,
            )
          : [];
      const sources =
        message.role === "assistant"
          ? (message.sources ?? []).map((s) => `\n[source] ${s.url ?? s.filename ?? ""}`)
          : [];
      return `\n[${message.role}] ${text}${calls.join("")}${sources.join("")}`;
    })
    .join("");
}

/**
 * An assistant message with nothing in it: the one that carries a reply's error when the reply
 * was cut in another message (its reasoning, say).
 */
function isEmptyEnd(message: Message): boolean {
  return (
    message.role === "assistant" &&
    !message.content &&
    !message.toolCalls?.length &&
    !message.sources?.length &&
    message.status !== "complete"
  );
}

/**
 * A message as both sides must agree on it: what a user sees (role, text, tool calls and their
 * results, sources, status and error) and its id, without `parentId` (the client stamps it) or
 * timings.
 */
export function comparable(message: Message): Record<string, unknown> {
  const { parentId: _parent, ...rest } = message as Message & { durationMs?: number };
  if (rest.role === "reasoning") {
    const { durationMs: _duration, isThinking: _thinking, ...kept } = rest;
    return kept;
  }
  return rest;
}

/** What {@link checkConversation} is given: what the client saw, and what the server stores. */
export type ConversationCheck = {
  /** The commands sent, in order. */
  sent: readonly string[];
  /** The thread as the client shows it at the end. */
  shown: readonly Message[];
  /** The title the user gave it, if any. */
  title?: string;
  deleted: boolean;
  /** `GET /api/threads/:id/messages`: its status, and the messages when 200. */
  stored: { status: number; messages?: Message[] };
  /** `GET /api/threads/:id`: the stored title. */
  storedTitle?: string;
  /** Each command's reply in a run where nothing went wrong ({@link replyText}). */
  reference: ReadonlyMap<string, string>;
  /**
   * An instance was killed or shut down as the user stopped the last reply: it may have died
   * before saving the stop, so the reply is stored interrupted with its last checkpoint.
   */
  crashedAtStop?: boolean;
};

/** What {@link checkConversation} found. */
export type CheckResult = {
  problems: string[];
  /** The outcome of each stored reply. */
  outcomes: ReplyOutcome[];
  /** How many characters more than its client had the stored stopped reply has. */
  stoppedExtra: number;
  /** The reply the user stopped is stored interrupted: its instance died with the stop. */
  stopInterrupted: boolean;
};

/**
 * Compares a conversation's end with the stored thread: nothing duplicated (each id once, the
 * user's messages the commands sent, in order), nothing lost (a complete reply is the
 * reference's text, character for character; a stopped or interrupted one its start), no reply
 * failed or left streaming, and the client shows what is stored. A stopped reply is stored as
 * far as the server produced it when the stop reached it: the client's is its start; when its
 * instance died with the stop, it is stored interrupted, as far as its last checkpoint.
 */
export function checkConversation(check: ConversationCheck): CheckResult {
  const result: CheckResult = {
    problems: [],
    outcomes: [],
    stoppedExtra: 0,
    stopInterrupted: false,
  };
  const problem = (text: string) => result.problems.push(text);
  const { stored } = check;
  if (check.deleted) {
    if (stored.status !== 404) problem(`deleted, but its thread answers ${stored.status}`);
    return result;
  }
  if (!stored.messages) {
    problem(`its thread answers ${stored.status}`);
    return result;
  }
  if (check.title !== undefined && check.storedTitle !== check.title) {
    problem(`titled "${check.storedTitle}", renamed "${check.title}"`);
  }
  const ids = stored.messages.map((m) => m.id);
  if (new Set(ids).size !== ids.length) problem("a message is stored twice");
  const turns = turnsOf(stored.messages);
  const inputs = turns.map((turn) => turn.input);
  if (inputs.join(" | ") !== check.sent.join(" | ")) {
    problem(`stores the turns ${inputs.join(" | ")}; sent ${check.sent.join(" | ")}`);
  }
  for (const turn of turns) {
    const outcome = outcomeOf(turn.reply);
    result.outcomes.push(outcome);
    const whole = check.reference.get(turn.input) ?? "";
    const text = replyText(turn.reply);
    const fits = outcome === "complete" ? text === whole : whole.startsWith(text);
    if (!fits || outcome === "failed" || outcome === "streaming") {
      const last = turn.reply.at(-1);
      const error = last && "error" in last && last.error ? ` (${last.error})` : "";
      const detail = fits
        ? error
        : `${error}, not the script's: …${JSON.stringify(text.slice(-80))}`;
      problem(
        `the reply to ${turn.input} is ${outcome}, ${text.length} of ${whole.length} characters${detail}`,
      );
    }
  }

  const shown = check.shown.map(comparable);
  const kept = stored.messages.map(comparable);
  const [lastShown, lastKept] = [shown.at(-1), kept.at(-1)];
  if (
    lastShown?.status === "stopped" &&
    lastKept?.status === "stopped" &&
    typeof lastShown.content === "string" &&
    typeof lastKept.content === "string" &&
    lastKept.content.startsWith(lastShown.content)
  ) {
    result.stoppedExtra = lastKept.content.length - lastShown.content.length;
    lastShown.content = lastKept.content;
  } else if (
    check.crashedAtStop &&
    lastShown?.status === "stopped" &&
    lastKept?.status === "error" &&
    lastKept.error === INTERRUPTED_REPLY_ERROR
  ) {
    result.stopInterrupted = true;
    Object.assign(lastShown, lastKept);
  }
  const differences = differencesOf(shown, kept);
  if (differences.length) problem(`the client shows another thread: ${differences.join("; ")}`);
  return result;
}

/** Where two lists of messages differ, message by message and field by field. */
function differencesOf(
  shown: readonly Record<string, unknown>[],
  kept: readonly Record<string, unknown>[],
): string[] {
  const found: string[] = [];
  const brief = (value: unknown) => {
    const text = JSON.stringify(value) ?? "undefined";
    return text.length > 60 ? `${text.slice(0, 28)}…${text.slice(-28)} (${text.length})` : text;
  };
  for (let i = 0; i < Math.max(shown.length, kept.length); i++) {
    const [a, b] = [shown[i], kept[i]];
    if (!a || !b) {
      found.push(
        `message ${i}: ${a ? `shown ${a.role} ${a.id}` : `stored ${b!.role} ${b!.id}`} only`,
      );
      continue;
    }
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) {
        found.push(
          `message ${i} (${a.role}) ${key}: shown ${brief(a[key])}, stored ${brief(b[key])}`,
        );
      }
    }
  }
  return found;
}
