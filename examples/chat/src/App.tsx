import { demoAgentChatParams } from "@crayonai/demo-agent/client";
import { useChat } from "@crayonai/react-core";
import { CrayonChat } from "@crayonai/react-ui";
import { useEffect, useState } from "react";
import { HostPage } from "./HostPage";
import { readSettings, type Settings, writeSettings } from "./settings";
import { Toolbar } from "./Toolbar";

/** Slash commands of the demo agent, offered on the welcome screen. */
const conversationStarters = [
  { displayText: "/help: what can you do?", prompt: "/help" },
  { displayText: "/markdown: a formatted answer", prompt: "/markdown" },
  { displayText: "/tool: call a tool", prompt: "/tool" },
  { displayText: "/approve: ask before acting", prompt: "/approve" },
];

const welcomeMessage = {
  title: "Crayon demo",
  description: "A scripted agent that streams every kind of message. Try a command below.",
};

/**
 * The connection: `useChat` gets the callbacks for the backend, `CrayonChat` renders the result.
 * Against your own backend, spell the params out instead of `demoAgentChatParams`:
 *
 * ```ts
 * useChat({
 *   processMessage: ({ threadId, messages, abortController }) =>
 *     fetch("/api/chat", {
 *       method: "POST",
 *       headers: { "content-type": "application/json" },
 *       body: JSON.stringify({ threadId, messages }),
 *       signal: abortController.signal, // makes Stop work
 *     }),
 *   streamProtocol: agUIAdapter(), // only when the backend does not speak Crayon SSE
 *   // optional persistence: fetchThreadList, createThread, updateThread, deleteThread, loadThread
 * });
 * ```
 */
function DemoChat({ protocol, layout, theme }: Settings) {
  // Threads (list, create, rename, delete, load) and messages (POST /api/chat, parsed with the
  // adapter of the chosen protocol) all go to the demo agent's API on /api.
  const chat = useChat(demoAgentChatParams({ protocol }));

  // CrayonChat holds no chat state: switching `type` keeps the conversation.
  const crayonChat = (
    <CrayonChat
      chat={chat}
      type={layout}
      theme={{ mode: theme }}
      agentName="Crayon demo"
      welcomeMessage={welcomeMessage}
      conversationStarters={conversationStarters}
    />
  );

  if (layout === "standalone") return <main className="app__stage">{crayonChat}</main>;
  return <HostPage layout={layout}>{crayonChat}</HostPage>;
}

/** The example: a toolbar (protocol, layout, theme; kept in the URL) above the chat. */
export function App() {
  const [settings, setSettings] = useState(() => readSettings(window.location.search));
  useEffect(() => writeSettings(settings), [settings]);

  return (
    <div className="app" data-theme={settings.theme}>
      <Toolbar settings={settings} onChange={setSettings} />
      {/* Each protocol needs its own adapter: a new key mounts a new chat (and useChat). */}
      <DemoChat key={settings.protocol} {...settings} />
    </div>
  );
}
