import { type Message, normalizeContentPart } from "@crayonai/stream";
import type { Script } from "../script";
import { assistantMessage } from "../scriptEvents";

/** The files of the last user message, as "photo.png (image, 12 KB)" lines. */
export function attachmentLines(messages: readonly Message[]): string[] {
  const last = [...messages].reverse().find((message) => message.role === "user");
  if (!last || typeof last.content === "string") return [];
  return last.content.flatMap((raw) => {
    const part = normalizeContentPart(raw);
    if (part.type === "text") return [];
    const name = part.filename ?? "a file";
    const { source } = part;
    // Base64 carries 3 bytes in every 4 characters.
    const padding = source.type === "data" ? (/=*$/.exec(source.value)?.[0].length ?? 0) : 0;
    const bytes =
      source.type === "data" ? Math.floor((source.value.length * 3) / 4) - padding : undefined;
    const size =
      bytes === undefined
        ? ""
        : `, ${bytes < 1024 ? `${bytes} bytes` : `${Math.round(bytes / 1024)} KB`}`;
    return [`${name} (${part.type}${size})`];
  });
}

/** The reply to anything that is not a command: the input quoted back, and a pointer to /help. */
export function defaultReplyText(input: string, attachments: readonly string[] = []): string {
  const quoted = input.trim()
    ? input
        .trim()
        .split("\n")
        .map((line) => `> ${line}`)
        .join("\n")
    : attachments.length
      ? ""
      : "> (an empty message)";
  const files = attachments.length
    ? `You attached ${attachments.length === 1 ? "1 file" : `${attachments.length} files`}:\n\n${attachments.map((line) => `- ${line}`).join("\n")}`
    : "";
  const said = quoted ? `You said:\n\n${quoted}` : "";
  return `${[said, files].filter(Boolean).join("\n\n")}\n\nI am a scripted demo agent, so I only know a few commands. Type \`/help\` to see them.`;
}

/** The fallback reply, used when no script matches. */
export const defaultReplyScript: Script = {
  command: "",
  description: "Echoes the input and the files attached to it, and suggests /help.",
  matches: () => true,
  run: ({ input, messages }) =>
    assistantMessage(defaultReplyText(input, attachmentLines(messages))),
};
