import type { CrayonStreamEvent, Message } from "@crayonai/stream";
import type { DemoMcp } from "../mcp/demoMcp";

/** What a script sees of the conversation it answers. */
export type ScriptContext = {
  /** The thread's messages (Crayon model), oldest first; the last one is what is answered. */
  messages: Message[];
  /** The text of the latest user message ("" if the last message is not a user message). */
  input: string;
  /** Aborted when the client stops the reply. */
  signal: AbortSignal;
  /**
   * The server's pause between streamed text deltas, in ms (0 in tests). The server paces
   * text, reasoning and tool-argument deltas itself; a script that shows progress through other
   * events (activity updates) waits on its own, scaled by this.
   */
  delayMs?: number;
  /**
   * The agent state the request carried (AG-UI `state`, the Crayon body's `state`); undefined
   * when there was none or the protocol carries none.
   */
  state?: unknown;
  /**
   * The tools the client declared it runs itself (AG-UI and OpenAI `tools`). A script that calls
   * one of them leaves the call to the client and goes on when its result comes back.
   */
  clientTools?: readonly string[];
  /** The MCP servers whose tools `/mcp` calls (none when the agent has none configured). */
  mcp?: DemoMcp;
};

/**
 * One scripted reply. `run` yields Crayon stream events; the server paces them (a short delay
 * between text deltas), encodes them in the requested protocol and persists the result.
 */
export type Script = {
  /** The command that picks it, e.g. "/plan". */
  command: string;
  /** One line shown by /help. */
  description: string;
  /** Whether this script answers the conversation (default: the input starts with `command`). */
  matches?: (context: ScriptContext) => boolean;
  run: (context: ScriptContext) => AsyncIterable<CrayonStreamEvent>;
};
