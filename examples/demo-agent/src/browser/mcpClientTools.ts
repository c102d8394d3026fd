import type { ClientTool } from "@crayonai/react-core";
import { type DemoMcpAppName, demoMcpApps, demoMcpToolName } from "../mcp/demoMcpApps";

/**
 * The demo's MCP App tools run in the browser, for the `openai` protocol: a Chat Completions
 * stream carries the model's tool calls but no results, so the client runs each call through
 * the MCP routes (`POST {mcpUrl}/tools/call`, allowed because these tools are visible to apps
 * too) and sends the result, the MCP `CallToolResult`, back as JSON.
 */
export function demoMcpClientTools(mcpUrl: string, doFetch: typeof fetch): ClientTool[] {
  return (Object.keys(demoMcpApps) as DemoMcpAppName[]).map((app) => {
    const { server, tool, label } = demoMcpApps[app];
    return {
      name: demoMcpToolName(app),
      description: `Calls ${tool} of the ${label} MCP server.`,
      parameters: { type: "object", properties: {} },
      execute: async (args: unknown, { threadId }) => {
        const response = await doFetch(`${mcpUrl}/tools/call`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ threadId, server, name: tool, arguments: args ?? {} }),
        });
        const body = (await response.json().catch(() => undefined)) as
          | { error?: { message?: string } }
          | undefined;
        if (!response.ok) throw new Error(body?.error?.message ?? `MCP call: ${response.status}`);
        return body;
      },
    };
  });
}
