import type { CrayonStreamEvent, Message } from "@crayonai/stream";
import type { DemoMcp } from "../mcp/demoMcp";
import { type OpenAIOptions, openAIReply } from "../openai/openAIReply";
import { lastUserMessage, userText } from "./conversation";
import { delayBefore } from "./pacing";
import { pause } from "./pause";
import type { Script, ScriptContext } from "./script";
import { demoScripts, matchScript, selectScript } from "./scripts";

/** What one run of the agent answers, and how. */
export type AgentRunOptions = {
  threadId: string;
  runId: string;
  /** The conversation, oldest first; the reply answers its end. */
  messages: Message[];
  /** Aborted when the client stops the reply. */
  signal: AbortSignal;
  /** Pause before each streamed piece of a scripted reply. */
  delayMs: number;
  /** When set, messages that are not commands are answered by this OpenAI-compatible model. */
  openai?: OpenAIOptions;
  /** The scripts to choose from (default: every demo script). */
  scripts?: readonly Script[];
  /** The agent state the request carried. */
  state?: unknown;
  /** The tools the client declared it runs itself. */
  clientTools?: readonly string[];
  /** The MCP servers whose tools `/mcp` calls. */
  mcp?: DemoMcp;
};

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs the agent once: `run-start`, the reply (a script chosen by the last user message, or the
 * model), `run-finish`. Scripted replies are paced; a stopped run ends quietly; a script that
 * throws ends with an `error` event (code `server_error`) after what it already sent.
 */
export async function* runAgent(options: AgentRunOptions): AsyncGenerator<CrayonStreamEvent> {
  const { threadId, runId, messages, signal, delayMs, openai } = options;
  const scripts = options.scripts ?? demoScripts;
  const last = lastUserMessage(messages);
  const context: ScriptContext = {
    messages,
    input: last ? userText(last) : "",
    signal,
    delayMs,
    ...(options.state !== undefined && { state: options.state }),
    ...(options.clientTools && { clientTools: options.clientTools }),
    ...(options.mcp && { mcp: options.mcp }),
  };
  const script = openai ? matchScript(context, scripts) : selectScript(context, scripts);
  const reply = script ? script.run(context) : openAIReply({ messages, signal, openai: openai! });
  const paced = script !== undefined;

  yield { type: "run-start", threadId, runId };
  let finished = false;
  try {
    for await (const event of reply) {
      if (paced) await pause(delayBefore(event, delayMs), signal);
      if (signal.aborted) return;
      if (event.type === "run-start") continue;
      if (event.type === "run-finish") {
        finished = true;
        yield { ...event, threadId, runId };
        continue;
      }
      yield event;
    }
  } catch (error) {
    if (signal.aborted) return;
    yield { type: "error", code: "server_error", error: errorText(error) };
  }
  if (!finished && !signal.aborted)
    yield { type: "run-finish", threadId, runId, outcome: "success" };
}
