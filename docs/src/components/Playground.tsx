// The playground page's island (client:only): the real CrayonChat against the scripted demo
// agent, which runs in this page (no server), with a protocol picker and the inspector beside
// the chat. The page is a route of its own (src/pages/playground.astro), so the chat's scripts
// and styles load on it only.
import {
  type DemoProtocol,
  demoAgentChatParams,
  demoProtocolLabels,
  demoProtocols,
  isDemoProtocol,
} from "@crayonai/demo-agent/client";
import { createInPageAgent } from "@crayonai/demo-agent/in-page";
import { DemoActionsProvider, demoActivityRenderers, demoToolUIs } from "@crayonai/demo-ui";
import { useChat } from "@crayonai/react-core";
import { CrayonChat } from "@crayonai/react-ui";
import { ChatInspector } from "@crayonai/react-ui/inspector";
import { useEffect, useId, useState } from "react";
import "@crayonai/react-ui/styles.css";
import "@crayonai/demo-ui/demo-ui.css";
import "./playground.css";

/** The demo agent, for as long as the page is open: every protocol's chat talks to it. */
const agent = createInPageAgent();

const conversationStarters = [
  { displayText: "/help: what can you do?", prompt: "/help" },
  { displayText: "/markdown: a formatted answer", prompt: "/markdown" },
  { displayText: "/tool Paris: call a tool", prompt: "/tool Paris" },
  { displayText: "/approve: ask before acting", prompt: "/approve" },
  { displayText: "/reason: think, then answer", prompt: "/reason" },
];

const welcomeMessage = {
  title: "Crayon playground",
  description: "A scripted agent, running in this page, that streams every kind of message.",
};

type Mode = "light" | "dark";

/** Starlight's theme, from `<html data-theme>`. */
const siteTheme = (): Mode =>
  document.documentElement.dataset.theme === "dark" ? "dark" : "light";

/** Starlight's theme, followed as the reader switches it. */
function useSiteTheme(): Mode {
  const [mode, setMode] = useState(siteTheme);
  useEffect(() => {
    const observer = new MutationObserver(() => setMode(siteTheme()));
    observer.observe(document.documentElement, { attributeFilter: ["data-theme"] });
    return () => observer.disconnect();
  }, []);
  return mode;
}

/** `?protocol=` of the page's address, so a link opens the playground on a protocol. */
function initialProtocol(): DemoProtocol {
  const asked = new URLSearchParams(window.location.search).get("protocol");
  return isDemoProtocol(asked) ? asked : "crayon";
}

function PlaygroundChat({ protocol, mode }: { protocol: DemoProtocol; mode: Mode }) {
  // The demo agent's routes, in the chosen protocol's request and stream formats, answered by
  // the agent in this page instead of a server.
  const chat = useChat(demoAgentChatParams({ protocol, fetch: agent.fetch }));
  return (
    <DemoActionsProvider chat={chat}>
      <div className="playground__chat">
        <CrayonChat
          chat={chat}
          type="standalone"
          theme={{ mode }}
          agentName="Crayon demo"
          welcomeMessage={welcomeMessage}
          conversationStarters={conversationStarters}
          toolUIs={demoToolUIs}
          activityRenderers={demoActivityRenderers}
        />
      </div>
      <div className="playground__inspector">
        <ChatInspector chat={chat} theme={mode} />
      </div>
    </DemoActionsProvider>
  );
}

/** The playground: the protocol picker above the chat and its inspector. */
export default function Playground() {
  const [protocol, setProtocol] = useState(initialProtocol);
  const mode = useSiteTheme();
  const pickerId = useId();
  useEffect(() => {
    const url = new URL(window.location.href);
    url.searchParams.set("protocol", protocol);
    window.history.replaceState(null, "", url);
  }, [protocol]);

  return (
    <div className="playground not-content" data-theme={mode}>
      <div className="playground__bar">
        <label htmlFor={pickerId}>Protocol</label>
        <select
          id={pickerId}
          value={protocol}
          onChange={(event) => setProtocol(event.currentTarget.value as DemoProtocol)}
        >
          {demoProtocols.map((option) => (
            <option key={option} value={option}>
              {demoProtocolLabels[option]}
            </option>
          ))}
        </select>
      </div>
      <div className="playground__body">
        {/* Each protocol has its own backend: a new key mounts a new chat; threads stay. */}
        <PlaygroundChat key={protocol} protocol={protocol} mode={mode} />
      </div>
    </div>
  );
}
