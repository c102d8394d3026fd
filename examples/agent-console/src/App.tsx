import { demoAgentChatParams } from "@crayonai/demo-agent/client";
import { DemoActionsProvider, demoActivityRenderers, demoToolUIs } from "@crayonai/demo-ui";
import { useChat } from "@crayonai/react-core";
import { CrayonChat } from "@crayonai/react-ui";
import { lazy, Suspense, useRef, useState } from "react";
import { LiveThought } from "./LiveThought";
import { ConsolePanel } from "./panel/ConsolePanel";
import { SCENARIOS } from "./scenarios";

// The inspector (each reply's request, wire and events) is a development tool: loaded with
// import() when it is first shown.
const ChatInspector = lazy(() =>
  import("@crayonai/react-ui/inspector").then((module) => ({ default: module.ChatInspector })),
);

// Created once: the params talk to the demo agent the Vite plugin serves on /api.
const chatParams = demoAgentChatParams({ protocol: "crayon" });

const starters = SCENARIOS.map((scenario) => ({
  displayText: scenario.name,
  prompt: scenario.command,
}));

function preferredMode(): "light" | "dark" {
  return window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** The agent console: the chat with the demo agent's activity renderers and tool UIs, and its side panel. */
export function App() {
  const chat = useChat(chatParams);
  const [mode, setMode] = useState(preferredMode);
  const mainRef = useRef<HTMLElement>(null);
  const [inspecting, setInspecting] = useState(false);
  return (
    <div
      className="crayon-theme console-app"
      data-crayon-theme={mode}
      data-inspecting={inspecting || undefined}
    >
      <DemoActionsProvider chat={chat}>
        <main ref={mainRef} className="console-main">
          <LiveThought messages={chat.threadManager.messages} />
          <CrayonChat
            chat={chat}
            type="standalone"
            agentName="Agent console"
            theme={{ mode }}
            welcomeMessage={{
              title: "Agent console",
              description:
                "Four agent apps running on the Crayon SDK: pick one here or in the side panel.",
            }}
            conversationStarters={starters}
            toolUIs={demoToolUIs}
            activityRenderers={demoActivityRenderers}
          />
        </main>
        <ConsolePanel
          chat={chat}
          mode={mode}
          onModeChange={setMode}
          // On a phone the panel is below the chat: a started run is watched in the chat.
          onStart={() => mainRef.current?.scrollIntoView?.({ block: "start", behavior: "smooth" })}
          inspecting={inspecting}
          onInspectingChange={setInspecting}
        />
        {inspecting && (
          <div className="console-inspector">
            <Suspense fallback={null}>
              <ChatInspector chat={chat} theme={mode} />
            </Suspense>
          </div>
        )}
      </DemoActionsProvider>
    </div>
  );
}
