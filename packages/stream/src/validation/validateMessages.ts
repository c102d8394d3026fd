import { fieldProblem, shapeProblem } from "../internal/fieldSpec";
import { isRecord } from "../internal/jsonData";
import type { Message } from "../message";
import type { MalformedMessageError, MessageValidation } from "./malformedMessageError";

const BASE = "name:s? isVisuallyHidden:b? metadata:o? encryptedValue:s? subagentRunId:s?";
/** Each role's fields besides `id`, `role`, the base ones and user / tool `content`. */
const ROLES: Record<string, string> = {
  user: "context:a?",
  tool: "toolCallId:s error:s?",
  assistant: "content:s? status:s? error:s? context:a?",
  system: "content:s",
  developer: "content:s",
  reasoning: "content:s isThinking:b?",
  activity: "activityType:s",
};
const STATUSES = ["streaming", "complete", "awaiting_input", "stopped", "error"];
const MEDIA = ["image", "audio", "video", "document"];

/** Why a content part cannot be kept. */
const partProblem = (part: unknown): string | undefined =>
  !isRecord(part)
    ? "not an object"
    : part.type === "text"
      ? shapeProblem(part, "text:s")
      : MEDIA.includes(part.type)
        ? shapeProblem(part.source, "value:s mimeType:s?") && "invalid source"
        : part.type === "binary"
          ? shapeProblem(part, "mimeType:s data:s?") ||
            (typeof part.data !== "string" && typeof part.url !== "string"
              ? "no data or url"
              : undefined)
          : "unknown type";

/** Why an entry of an assistant message's list field cannot be kept. */
const LIST_ENTRIES: Record<string, (entry: unknown) => string | undefined> = {
  toolCalls: (call) =>
    shapeProblem(call, "id:s function:o") ||
    shapeProblem((call as { function: unknown }).function, "name:s"),
  sources: (source) => shapeProblem(source, "id:s kind:s url:s? title:s?"),
  files: (file) => shapeProblem(file, "url:s mediaType:s filename:s?"),
};

/**
 * Checks messages that come from outside (a `loadThread` result, a `messages-snapshot`, a
 * stored row, a request body) against the {@link Message} union, without ever throwing.
 *
 * - Valid messages are kept as they are (the same objects: checking costs no copies).
 * - What can be repaired without guessing is repaired in a copy: a wrong-typed optional field
 *   is removed, invalid entries of a list (`content` parts, `toolCalls`, `sources`, `files`)
 *   are removed, a tool call's non-string `arguments` become JSON text, an activity's
 *   missing `content` becomes `{}`. `null` in an optional field counts as absent.
 * - A message without a usable `id` or `role`, with a required field of the wrong type (a user
 *   message's `content` that is neither text nor a list, a tool message without `toolCallId`,
 *   …) or repeating an earlier message's id is left out.
 *
 * Every repair and every message left out is reported as a {@link MalformedMessageError} with
 * the message's index and the path of the offending field.
 *
 * @example
 * ```ts
 * const { messages, errors } = validateMessages(await loadThread(id));
 * if (errors.length) console.warn(errors);
 * ```
 */
export function validateMessages(input: unknown): MessageValidation {
  const errors: MalformedMessageError[] = [];
  const messages: Message[] = [];
  const ids = new Set<unknown>();
  const list = Array.isArray(input) ? input : [];
  if (list !== input) report(errors, -1, input, "", "not a list of messages");
  for (let index = 0; index < list.length; index++) {
    const message = validateMessage(list[index], index, errors);
    if (message && ids.has(message.id)) report(errors, index, message, "id", "repeated; left out");
    else if (message) {
      ids.add(message.id);
      messages.push(message);
    }
  }
  return { messages, errors };
}

function report(
  errors: MalformedMessageError[],
  index: number,
  input: unknown,
  path: string,
  message: string,
) {
  const error: MalformedMessageError = { code: "malformed_message", index, path, message };
  if (isRecord(input)) {
    if (typeof input.id === "string" && input.id) error.id = input.id;
    if (ROLES[input.role]) error.role = input.role;
  }
  errors.push(error);
}

/** The message at `index`, repaired if needed, or undefined when it cannot be kept. */
function validateMessage(
  input: unknown,
  index: number,
  errors: MalformedMessageError[],
): Message | undefined {
  const say = (path: string, what: string) => report(errors, index, input, path, what);
  if (!isRecord(input)) return void say("", "not an object; left out");
  const spec = ROLES[input.role];
  if (typeof input.id !== "string" || !input.id || !spec)
    return void say(spec ? "id" : "role", "invalid; left out");

  let copy: Record<string, any> | undefined;
  const set = (key: string, value: unknown) => {
    copy ??= { ...input };
    if (value === undefined) delete copy[key];
    else copy[key] = value;
  };
  /** Keeps the valid entries of a list field; `list` is returned when all are valid. */
  const keepValid = (key: string, problemOf: (entry: unknown) => string | undefined) => {
    const list: unknown[] = input[key];
    let kept: unknown[] | undefined;
    list.forEach((entry, i) => {
      const problem = problemOf(entry);
      if (problem) {
        kept ??= list.slice(0, i);
        say(`${key}[${i}]`, `${problem}; removed`);
      } else kept?.push(entry);
    });
    if (kept) set(key, kept);
  };

  // User and tool content: text, or a list whose invalid parts are removed.
  if (input.role === "user" || input.role === "tool") {
    if (Array.isArray(input.content)) keepValid("content", partProblem);
    else if (typeof input.content !== "string") return void say("content", "invalid; left out");
  }
  if (input.role === "activity" && !isRecord(input.content)) {
    say("content", "not an object; replaced with {}");
    set("content", {});
  }
  // Wrong-typed optional fields are removed (null silently); a wrong required one is fatal.
  const fields = `${BASE} ${spec}`;
  for (let problem = fieldProblem(input, fields, true); problem; ) {
    const [name, optional] = problem;
    if (!optional) return void say(name, "invalid; left out");
    if (input[name] !== null) say(name, "invalid; removed");
    set(name, undefined);
    problem = fieldProblem(copy!, fields, true);
  }
  if (input.role === "assistant") {
    if (input.status !== undefined && !STATUSES.includes(input.status)) {
      say("status", "invalid; removed");
      set("status", undefined);
    }
    for (const key in LIST_ENTRIES) {
      const value = input[key];
      if (Array.isArray(value)) keepValid(key, LIST_ENTRIES[key]!);
      else if (value !== undefined) {
        if (value !== null) say(key, "not a list; removed");
        set(key, undefined);
      }
    }
    const calls: any[] | undefined = (copy ?? input).toolCalls;
    if (
      calls?.some((call) => call.type !== "function" || typeof call.function.arguments !== "string")
    ) {
      set(
        "toolCalls",
        calls.map((call, i) => {
          const args = call.function.arguments;
          if (typeof args !== "string" && args != null)
            say(`toolCalls[${i}].function.arguments`, "not text; serialised");
          return {
            ...call,
            type: "function",
            function: {
              ...call.function,
              arguments: typeof args === "string" ? args : args == null ? "" : JSON.stringify(args),
            },
          };
        }),
      );
    }
  }
  return (copy ?? input) as Message;
}
