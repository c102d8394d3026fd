import type { Message } from "@crayonai/stream";
import { markdownToPlainText, messagePlainText } from "@crayonai/stream/text";

const MAX_WORDS = 8;
const MAX_LENGTH = 60;
const FALLBACK = "New chat";

/** A leading slash command (`/tool`, `/workflow run`) names an action, not the topic. */
const command = /^\/[\w-]+\s*/;
/** Openers that say nothing about the topic. */
const filler =
  /^(?:hi|hello|hey|please|can you|could you|would you|i want to|i'd like to)\b[\s,!.]*/i;

/** The first sentence of `text`'s first line, at most {@link MAX_WORDS} words, without a trailing stop. */
function headline(text: string): string {
  const line = text.split("\n")[0] ?? "";
  const sentence = line.split(/(?<=[.!?])\s/)[0] ?? "";
  const words = sentence.split(" ").filter(Boolean);
  let title = words.slice(0, MAX_WORDS).join(" ");
  if (title.length > MAX_LENGTH) title = `${title.slice(0, MAX_LENGTH - 1).trimEnd()}…`;
  else if (words.length > MAX_WORDS) title = `${title}…`;
  return title.replace(/[.!?,;:]+$/, "");
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A concise title for a thread from its first exchange, made on the client without a model
 * and always the same for the same messages: the first sentence (or first words) of the user's
 * first message, markdown and a leading slash command stripped. A message that is only a
 * command ("/tool") is titled with the command's name ("Tool"): the reply's words would repeat
 * its preview, and the title would change when the reply arrives. Only a message with no text
 * at all (an attachment alone) is titled from the first reply.
 */
export function titleFromExchange(userText: string, replyText = ""): string {
  const text = markdownToPlainText(userText);
  const request = text.replace(command, "").trim();
  const topic = request.replace(filler, "").trim() || request;
  // The user's own casing is kept: it may be a name, a code or a deliberate style.
  if (topic) return headline(topic);
  const name = command.exec(text)?.[0].slice(1).trim();
  if (name) return capitalised(name.replace(/[-_]/g, " "));
  return headline(markdownToPlainText(replyText)) || FALLBACK;
}

/** {@link titleFromExchange} over messages: the first user message and the reply after it. */
export function titleFromMessages(messages: readonly Message[]): string {
  const first = messages.findIndex((m) => m.role === "user");
  if (first === -1) return FALLBACK;
  // A title is made from the start of a message: a long reply is not read to its end.
  const text = (message: Message) => messagePlainText(message, 4 * MAX_LENGTH);
  const reply = messages.slice(first + 1).find((m) => m.role === "assistant" && text(m));
  return titleFromExchange(text(messages[first]!), reply ? text(reply) : "");
}
