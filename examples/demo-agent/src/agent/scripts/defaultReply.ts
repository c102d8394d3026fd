import type { Script } from "../script";
import { assistantMessage } from "../scriptEvents";

/** The reply to anything that is not a command: the input quoted back, and a pointer to /help. */
export function defaultReplyText(input: string): string {
  const quoted = input.trim()
    ? input
        .trim()
        .split("\n")
        .map((line) => `> ${line}`)
        .join("\n")
    : "> (an empty message)";
  return `You said:\n\n${quoted}\n\nI am a scripted demo agent, so I only know a few commands. Type \`/help\` to see them.`;
}

/** The fallback reply, used when no script matches. */
export const defaultReplyScript: Script = {
  command: "",
  description: "Echoes the input and suggests /help.",
  matches: () => true,
  run: ({ input }) => assistantMessage(defaultReplyText(input)),
};
