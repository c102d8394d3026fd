import type { Script, ScriptContext } from "../script";
import { approveScript } from "./approve";
import { confirmScript } from "./confirm";
import { consoleScripts } from "./console";
import { countScript } from "./count";
import { defaultReplyScript } from "./defaultReply";
import { errorScript } from "./error";
import { createHelpScript } from "./help";
import { hostedScript } from "./hosted";
import { longScript } from "./long";
import { markdownScript } from "./markdown";
import { mcpScript } from "./mcp";
import { planScript } from "./plan";
import { reasonScript } from "./reason";
import { sourcesScript } from "./sources";
import { toolScript } from "./tool";

/** Every command the demo agent knows, in the order /help lists them. */
export const demoScripts: readonly Script[] = [
  createHelpScript(() => demoScripts),
  markdownScript,
  reasonScript,
  toolScript,
  planScript,
  approveScript,
  confirmScript,
  errorScript,
  longScript,
  sourcesScript,
  hostedScript,
  mcpScript,
  countScript,
  ...consoleScripts,
];

/** Whether the input is the command itself or starts with it followed by a space. */
function startsWithCommand(input: string, command: string): boolean {
  const text = input.trim().toLowerCase();
  const name = command.toLowerCase();
  return text === name || (text.startsWith(name) && /\s/.test(text.charAt(name.length)));
}

/** The script that answers the conversation, if any (the default reply is not included). */
export function matchScript(
  context: ScriptContext,
  scripts: readonly Script[] = demoScripts,
): Script | undefined {
  return scripts.find((script) =>
    script.matches ? script.matches(context) : startsWithCommand(context.input, script.command),
  );
}

/** The script that answers the conversation: a matching command, else the default reply. */
export function selectScript(
  context: ScriptContext,
  scripts: readonly Script[] = demoScripts,
): Script {
  return matchScript(context, scripts) ?? defaultReplyScript;
}
