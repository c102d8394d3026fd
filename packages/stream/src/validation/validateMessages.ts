import { fieldProblem, ownEntry } from "../internal/fieldSpec";
import { isRecord } from "../internal/jsonData";
import type { Message } from "../message";
import type { MalformedMessageError, MessageValidation } from "./malformedMessageError";
import {
  FILE_FIELDS,
  MEDIA_PART_FIELDS,
  MEDIA_TYPES,
  PART_FIELDS,
  ROLE_FIELDS,
  SOURCE_FIELDS,
  SOURCE_TYPE_FIELDS,
  TOOL_CALL_FIELDS,
} from "./messageShapes";

type Say = (path: string, what: string) => void;
type Entry = Record<string, any>;

/**
 * `record` without its wrong-typed optional fields (null ones removed silently), or the name
 * of a required field that is wrong. The same object when nothing had to be removed.
 */
function fitFields(record: Entry, spec: string, path: string, say: Say): Entry | string {
  let fitted = record;
  for (let problem = fieldProblem(fitted, spec, true); problem; ) {
    const [name, optional] = problem;
    if (!optional) return name;
    if (fitted[name] !== null) say(path + name, "invalid; removed");
    if (fitted === record) fitted = { ...record };
    delete fitted[name];
    problem = fieldProblem(fitted, spec, true);
  }
  return fitted;
}

/** JSON text for tool call arguments that are not text; "" when they cannot be written. */
function argumentsText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return "";
  }
}

/**
 * For each list field, what its entries must be: the fields (none for an unknown part type)
 * and what else makes an entry unusable.
 */
const ENTRIES: Record<string, (entry: Entry) => [fields?: string, problem?: string | false]> = {
  content: (part) => {
    if (!MEDIA_TYPES.includes(part.type))
      return [
        ownEntry(PART_FIELDS, part.type),
        part.type === "binary" &&
          typeof part.data !== "string" &&
          typeof part.url !== "string" &&
          "data or url",
      ];
    const { source } = part;
    const fields = isRecord(source) && ownEntry(SOURCE_TYPE_FIELDS, source.type);
    return [MEDIA_PART_FIELDS, !(fields && !fieldProblem(source, fields)) && "source"];
  },
  toolCalls: (call) => [
    TOOL_CALL_FIELDS,
    !(isRecord(call.function) && typeof call.function.name === "string") && "function",
  ],
  sources: () => [SOURCE_FIELDS],
  files: () => [FILE_FIELDS],
};

/** The entry repaired in a copy, the same entry when valid, or undefined (said why). */
function checkEntry(key: string, entry: unknown, path: string, say: Say): Entry | undefined {
  if (!isRecord(entry)) return void say(path, "not an object; removed");
  const [fields, problem] = ENTRIES[key]!(entry);
  const fitted = problem || !fields ? problem || "type" : fitFields(entry, fields, `${path}.`, say);
  if (typeof fitted === "string") return void say(path, `invalid ${fitted}; removed`);
  if (key !== "toolCalls") return fitted;
  // A tool call's arguments are JSON text, and its type is "function".
  const args = entry.function.arguments;
  if (fitted.type === "function" && typeof args === "string") return fitted;
  if (args != null && typeof args !== "string")
    say(`${path}.function.arguments`, "not text; written as JSON");
  const text = typeof args === "string" ? args : args == null ? "" : argumentsText(args);
  return { ...fitted, type: "function", function: { ...entry.function, arguments: text } };
}

/** The list fields of each role whose invalid entries are removed. */
const LISTS: Record<string, string[]> = {
  user: ["content"],
  tool: ["content"],
  assistant: ["toolCalls", "sources", "files"],
};

/**
 * Checks messages that come from outside (a `loadThread` result, a `messages-snapshot`, a
 * stored row, a request body) against the {@link Message} union in one linear pass, and never
 * throws, whatever the input (even a getter that throws).
 *
 * - Valid messages are kept as they are (the same objects: checking costs no copies).
 * - What can be repaired without guessing is repaired in a copy: a wrong-typed optional field
 *   is removed (also inside content parts, tool calls, sources and files), invalid entries of
 *   a list (`content` parts, `toolCalls`, `sources`, `files`, holes included) are removed, a
 *   tool call's non-string `arguments` become JSON text, an activity's `content` that is not
 *   an object becomes `{}`. `null` in an optional field counts as absent and is not reported.
 * - A message that is not an object, has no usable `id` or `role`, has a required field of the
 *   wrong type (a user message's `content` that is neither text nor a list, a tool message
 *   without `toolCallId`, …) or repeats an earlier message's id is left out.
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
  const ids = new Set<string>();
  // Reading the input can only throw through a getter or a proxy: what it holds from there on
  // is left out.
  try {
    const list = Array.isArray(input) ? input : [];
    if (list !== input) report(errors, -1, input, "", "not a list of messages");
    for (let index = 0; index < list.length; index++) {
      try {
        const message = validateMessage(list[index], index, errors);
        if (message && ids.has(message.id))
          report(errors, index, message, "id", "repeated; left out");
        else if (message) {
          ids.add(message.id);
          messages.push(message);
        }
      } catch {
        report(errors, index, undefined, "", "could not be read; left out");
      }
    }
  } catch {
    report(errors, -1, undefined, "", "could not be read");
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
    if (ownEntry(ROLE_FIELDS, input.role)) error.role = input.role;
  }
  errors.push(error);
}

/** The message at `index`, repaired if needed, or undefined when it cannot be kept. */
function validateMessage(
  input: unknown,
  index: number,
  errors: MalformedMessageError[],
): Message | undefined {
  const say: Say = (path, what) => report(errors, index, input, path, what);
  if (!isRecord(input)) return void say("", "not an object; left out");
  const fields = ownEntry(ROLE_FIELDS, input.role);
  if (typeof input.id !== "string" || !input.id || !fields)
    return void say(fields ? "id" : "role", "invalid; left out");
  if ((input.role === "user" || input.role === "tool") && typeof input.content !== "string") {
    if (!Array.isArray(input.content)) return void say("content", "invalid; left out");
  }
  const fitted = fitFields(input, fields, "", say);
  if (typeof fitted === "string") return void say(fitted, "invalid; left out");

  let message = fitted;
  const set = (key: string, value: unknown) => {
    if (message === input) message = { ...input };
    message[key] = value;
  };
  for (const key of ownEntry(LISTS, input.role) ?? []) {
    const list = message[key];
    if (!Array.isArray(list)) continue;
    // A for loop, not forEach: holes are entries too (forEach would skip them).
    let kept: Entry[] | undefined;
    for (let i = 0; i < list.length; i++) {
      const entry = list[i];
      const checked = checkEntry(key, entry, `${key}[${i}]`, say);
      if (!checked || checked !== entry) kept ??= list.slice(0, i);
      if (kept && checked) kept.push(checked);
    }
    if (kept) set(key, kept);
  }
  if (input.role === "activity" && !isRecord(message.content)) {
    say("content", "not an object; replaced with {}");
    set("content", {});
  }
  return message as Message;
}
