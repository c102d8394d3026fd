import type { Script } from "../script";
import { assistantMessage } from "../scriptEvents";

/** The /help reply: a table of every command. */
export function helpText(scripts: readonly Script[]): string {
  const rows = scripts.map((s) => `| \`${s.command}\` | ${s.description.replace(/\|/g, "\\|")} |`);
  return [
    "I am a scripted demo agent: every command below shows one kind of message.",
    "",
    "| Command | What it shows |",
    "| --- | --- |",
    ...rows,
    "",
    "Anything else gets a short echo.",
  ].join("\n");
}

/** `/help`: lists the scripts (including itself) the agent knows. */
export function createHelpScript(scripts: () => readonly Script[]): Script {
  return {
    command: "/help",
    description: "Lists the commands.",
    run: () => assistantMessage(helpText(scripts())),
  };
}
