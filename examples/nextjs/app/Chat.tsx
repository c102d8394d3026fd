"use client";

import { demoAgentChatParams } from "@crayonai/demo-agent/client";
import { useChat } from "@crayonai/react-core";
import { CrayonChat } from "@crayonai/react-ui";

const conversationStarters = [
  { displayText: "/help", prompt: "/help" },
  { displayText: "/markdown", prompt: "/markdown" },
  { displayText: "/tool", prompt: "/tool" },
  { displayText: "/approve", prompt: "/approve" },
  { displayText: "/mcp", prompt: "/mcp" },
];

/**
 * The chat. Hooks run in the browser, hence `"use client"`; the callbacks talk to the route
 * handler in `app/api/[...path]/route.ts` (threads on /api/threads, replies from /api/chat).
 */
export function Chat() {
  const chat = useChat(demoAgentChatParams({ baseUrl: "/api" }));
  return (
    <CrayonChat
      chat={chat}
      agentName="Crayon demo"
      welcomeMessage={{
        title: "Crayon on Next.js",
        description: "The agent runs in a route handler of this app. Try a command below.",
      }}
      conversationStarters={conversationStarters}
      // `/mcp` calls an MCP server's tool: its own interface shows in a sandboxed frame, fed
      // through the route handler's /api/mcp routes.
      mcpApps={{ endpoint: "/api/mcp" }}
    />
  );
}
