import type { CrayonStreamEvent, Message } from "@crayonai/stream";
import { type DemoMcpAppName, demoMcpApps, demoMcpToolName } from "../../mcp/demoMcpApps";
import { findToolCall } from "../conversation";
import { createId } from "../ids";
import { pause } from "../pause";
import type { Script, ScriptContext } from "../script";
import { assistantMessage, textDeltas } from "../scriptEvents";

/**
 * How many text-delta delays the arguments stay open for (3 s at the default 20 ms): long enough
 * for the app to load and be fed partial input while they stream, and to press Stop meanwhile
 * (the demo tools take no arguments, so the pause is where a model would be writing them).
 */
const ARGUMENT_DELAYS = 150;

/** The app a `/mcp` command names (`/mcp vanilla`), the React example by default. */
function appOf(input: string): DemoMcpAppName | undefined {
  const word = input
    .replace(/^\/mcp\b/i, "")
    .trim()
    .toLowerCase();
  if (word === "") return "react";
  return Object.hasOwn(demoMcpApps, word) ? (word as DemoMcpAppName) : undefined;
}

/** The text of a tool result's content (the MCP `CallToolResult` as JSON, or plain text). */
function resultText(content: string): string {
  try {
    const result = JSON.parse(content) as { content?: { type?: string; text?: string }[] };
    const text = result.content?.find((block) => block.type === "text")?.text;
    if (typeof text === "string") return text;
  } catch {
    // Plain text: itself.
  }
  return content;
}

/** What the agent says of a demo tool's result. */
function summary(app: DemoMcpAppName, text: string): string {
  if (app === "monitor") {
    try {
      const info = JSON.parse(text) as {
        hostname?: string;
        platform?: string;
        cpu?: { count?: number };
      };
      return `The server runs ${info.platform} on ${info.cpu?.count} CPUs; the monitor above polls its load through the host (press **Stop** and **Start** in it).`;
    } catch {
      return "The system monitor answered; its interface is above.";
    }
  }
  return `The server's clock reads \`${text.slice(0, 100)}\`. Its app above can ask again (**Get Server Time**), send a message or open a link.`;
}

/** The `/mcp` call whose result the client just sent (over `openai`, the client runs it). */
function clientResult(messages: readonly Message[]) {
  const last = messages[messages.length - 1];
  if (last?.role !== "tool") return undefined;
  const name = findToolCall(messages, last.toolCallId)?.function.name;
  const app = (Object.keys(demoMcpApps) as DemoMcpAppName[]).find(
    (key) => demoMcpToolName(key) === name,
  );
  if (!app) return undefined;
  return {
    app,
    error: last.error,
    text: resultText(typeof last.content === "string" ? last.content : ""),
  };
}

async function* callApp(context: ScriptContext): AsyncGenerator<CrayonStreamEvent> {
  const app = appOf(context.input);
  if (!app) {
    const names = Object.keys(demoMcpApps).join("`, `");
    yield* assistantMessage(`I know these MCP Apps: \`${names}\` (try \`/mcp vanilla\`).`);
    return;
  }
  const { server, tool, label } = demoMcpApps[app];
  const { mcp, signal, clientTools } = context;
  if (!mcp) {
    yield* assistantMessage("No MCP servers are configured for this demo agent.");
    return;
  }
  const found = (await mcp.modelTools()).find((t) => t.server === server && t.tool === tool);
  if (!found) {
    const { errors } = await mcp.apps.tools();
    const why =
      errors.find((failure) => failure.server === server)?.message ?? "it has no such tool";
    yield* assistantMessage(`The ${label} MCP server is not available: ${why}`);
    return;
  }
  const messageId = createId("msg");
  const toolCallId = createId("call");
  yield { type: "message-start", messageId };
  yield* textDeltas(`Let me ask the ${label} MCP server.`, messageId);
  yield {
    type: "tool-call-start",
    toolCallId,
    toolCallName: found.name,
    parentMessageId: messageId,
  };
  // The arguments stream in two pieces, the app fed the first while it waits for the rest.
  yield { type: "tool-call-args", toolCallId, delta: "{" };
  await pause((context.delayMs ?? 0) * ARGUMENT_DELAYS, signal);
  yield { type: "tool-call-args", toolCallId, delta: "}" };
  yield { type: "tool-call-end", toolCallId };
  yield { type: "message-end", messageId };
  // Over Chat Completions the client runs it (through the MCP routes), and sends the result.
  if (clientTools?.includes(found.name)) return;
  const resultId = createId("tool");
  try {
    const result = await mcp.apps.callTool(found.name, {}, { signal });
    const content = JSON.stringify(result);
    yield {
      type: "tool-call-result",
      toolCallId,
      content,
      messageId: resultId,
      ...(result.isError && { error: resultText(content) }),
    };
    yield* assistantMessage(
      result.isError
        ? `The tool failed: ${resultText(content)}`
        : summary(app, resultText(content)),
    );
  } catch (error) {
    if (signal.aborted) return;
    // `@crayonai/server/mcp`'s McpAppsError, told by its name: the scripts also run in a page
    // (the in-page agent), where that entry (MCP clients over stdio) cannot be bundled.
    const message =
      error instanceof Error && error.name === "McpAppsError" ? error.message : String(error);
    yield {
      type: "tool-call-result",
      toolCallId,
      content: "",
      error: message,
      messageId: resultId,
    };
    yield* assistantMessage(`The call failed: ${message}`);
  }
}

/**
 * `/mcp [react|vanilla|monitor]`: calls a tool of a published MCP App example server (over
 * stdio) whose result shows the server's own interface in the chat: the arguments stream (the
 * app gets them partially, then whole), the server runs the tool, the result follows. Over
 * `open-responses` the call is an `mcp_call` item of that server; over `openai` the client
 * runs it through the MCP routes and the next request brings the result.
 */
export const mcpScript: Script = {
  command: "/mcp",
  description:
    "Calls an MCP App's tool; the server's own interface shows in the chat (try `/mcp vanilla`, `/mcp monitor`).",
  matches: ({ input, messages }) =>
    /^\/mcp(?:\s|$)/i.test(input.trim()) || clientResult(messages) !== undefined,
  run: (context) => {
    const result = clientResult(context.messages);
    if (!result) return callApp(context);
    return assistantMessage(
      result.error !== undefined
        ? `The call failed: ${result.error}`
        : summary(result.app, result.text),
    );
  },
};
