import { demoAgentChatParams } from "@crayonai/demo-agent/client";
import {
  DemoActionsProvider,
  demoActivityRenderers,
  demoToolUIs,
  useThreadInUrl,
  writeSearchParam,
} from "@crayonai/demo-ui";
import { useChat } from "@crayonai/react-core";
import { CrayonChat } from "@crayonai/react-ui";
import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { withCircuitBreaker } from "./circuitBreaker";
import { type ConsoleView, initialView, writeViewToUrl } from "./consoleView";
import { LiveThought } from "./LiveThought";
import { ConsolePanel } from "./panel/ConsolePanel";
import { SCENARIOS, scenarioTitle } from "./scenarios";
import type { LoadedThreads } from "./workdeck/useWorkdeckActions";
import { WorkdeckActions } from "./workdeck/WorkdeckActions";
import { WorkdeckBar } from "./workdeck/WorkdeckBar";

// The inspector (each reply's request, wire and events) is a development tool: loaded with
// import() when it is first shown.
const ChatInspector = lazy(() =>
  import("@crayonai/react-ui/inspector").then((module) => ({ default: module.ChatInspector })),
);

// Created once: the params talk to the demo agent the Vite plugin serves on /api. A thread a
// scenario started is titled with the scenario's name. Past the daily limit, the circuit
// breaker keeps requests from the agent.
const chatParams = withCircuitBreaker({
  ...demoAgentChatParams({ protocol: "crayon" }),
  generateTitle: scenarioTitle,
});

// Workdeck's landing page reads each thread's stored messages the way the chat loads them.
const loadThread = (threadId: string) =>
  chatParams.loadThread?.(threadId) ?? Promise.resolve<unknown>([]);

const starters = SCENARIOS.map((scenario) => ({
  displayText: scenario.name,
  prompt: scenario.command,
}));

type Mode = "light" | "dark";

/** `?theme=` as the user last chose it (kept across reloads), else the system's preference. */
function initialMode(): Mode {
  const chosen = new URLSearchParams(window.location.search).get("theme");
  if (chosen === "light" || chosen === "dark") return chosen;
  return window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** The agent console: the chat with the demo agent's activity renderers and tool UIs, and its side panel. */
export function App() {
  const chat = useChat(chatParams);
  // `?thread=` reopens the thread after a reload, following its run if it still goes on.
  useThreadInUrl(chat);
  const [mode, setMode] = useState(initialMode);
  const changeMode = (next: Mode) => {
    setMode(next);
    writeSearchParam("theme", next);
  };
  const [view, setView] = useState(initialView);
  const changeView = useCallback((next: ConsoleView) => {
    setView(next);
    writeViewToUrl(next);
  }, []);
  const showChat = useCallback(() => changeView("chat"), [changeView]);
  const mainRef = useRef<HTMLElement>(null);
  // On a phone the panel is below the main area: what the panel opens is shown there.
  const showMain = () => mainRef.current?.scrollIntoView?.({ block: "start", behavior: "smooth" });
  const [inspecting, setInspecting] = useState(false);
  // Kept while the app runs: going back to the landing page does not read every thread again.
  const [loadedThreads] = useState<LoadedThreads>(() => new Map());
  return (
    <div
      className="crayon-theme console-app"
      data-crayon-theme={mode}
      data-inspecting={inspecting || undefined}
    >
      <DemoActionsProvider chat={chat}>
        <main ref={mainRef} className="console-main">
          {view === "actions" ? (
            <WorkdeckActions
              chat={chat}
              loadThread={loadThread}
              loadedThreads={loadedThreads}
              onShowChat={showChat}
            />
          ) : (
            <>
              <WorkdeckBar chat={chat} onShowActions={() => changeView("actions")} />
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
            </>
          )}
        </main>
        <ConsolePanel
          chat={chat}
          mode={mode}
          onModeChange={changeMode}
          // A started run is watched in the chat.
          onStart={() => {
            showChat();
            showMain();
          }}
          inspecting={inspecting}
          onInspectingChange={setInspecting}
          onOpenWorkdeck={() => {
            changeView("actions");
            showMain();
          }}
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
