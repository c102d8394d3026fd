import { demoAgentChatParams } from "@crayonai/demo-agent/client";
import {
  DemoActionsProvider,
  demoActivityRenderers,
  demoToolUIs,
  useThreadInUrl,
} from "@crayonai/demo-ui";
import { useChat } from "@crayonai/react-core";
import { CrayonChat, type CrayonMessages, type MessageFeedback } from "@crayonai/react-ui";
import { lazy, Suspense, useEffect, useState } from "react";
import { HostPage } from "./HostPage";
import { type Locale, readSettings, type Settings, writeSettings } from "./settings";
import { Toolbar } from "./Toolbar";

/** Slash commands of the demo agent, offered on the welcome screen. */
const conversationStarters = [
  { displayText: "/help: what can you do?", prompt: "/help" },
  { displayText: "/markdown: a formatted answer", prompt: "/markdown" },
  { displayText: "/tool: call a tool", prompt: "/tool" },
  { displayText: "/approve: ask before acting", prompt: "/approve" },
  { displayText: "/confirm: answer in a tool's own UI", prompt: "/confirm" },
  { displayText: "/mcp: an MCP App in the chat", prompt: "/mcp" },
];

const welcomeMessage = {
  title: "Crayon demo",
  description: "A scripted agent that streams every kind of message. Try a command below.",
};

/**
 * `?sandboxProxyPort=<port>`: MCP Apps show through a sandbox proxy on that port of this host
 * (another origin), as `mcpAppSandboxProxy` of `@crayonai/server/mcp` serves it. Only a port is
 * read, so a link cannot send the apps to a proxy on another machine.
 */
function sandboxProxyUrl(search: string): string | undefined {
  const port = new URLSearchParams(search).get("sandboxProxyPort");
  if (!port || !/^\d{1,5}$/.test(port)) return undefined;
  return `${window.location.protocol}//${window.location.hostname}:${port}/`;
}

/** A left-to-right mark: keeps a command's slash before its name in a right-to-left line. */
const LRM = "\u200e";

/** The welcome in Arabic (`?locale=ar`); the demo agent itself answers in English. */
const arabicWelcome = {
  welcomeMessage: {
    title: "عرض Crayon التجريبي",
    description: "وكيل مبرمج يبث كل أنواع الرسائل، ويجيب بالإنجليزية. جرّب أمرًا أدناه.",
  },
  conversationStarters: [
    { displayText: `${LRM}/help: ماذا يمكنك أن تفعل؟`, prompt: "/help" },
    { displayText: `${LRM}/markdown: إجابة منسّقة`, prompt: "/markdown" },
    { displayText: `${LRM}/tool: استدعاء أداة`, prompt: "/tool" },
    { displayText: `${LRM}/approve: الاستئذان قبل التنفيذ`, prompt: "/approve" },
  ],
};

/**
 * The catalogue of `locale`: English is bundled (none to load); another language's is loaded
 * with `import()` when it is chosen, so an English chat downloads none of it. Not `ready` while
 * it loads (the chat waits rather than flash English).
 */
function useCatalogue(locale: Locale): { ready: boolean; messages?: CrayonMessages } {
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: CrayonMessages }>();
  useEffect(() => {
    if (locale === "en") return;
    let current = true;
    import("@crayonai/react-ui/locales/ar").then(({ ar }) => {
      if (current) setLoaded({ locale, messages: ar });
    });
    return () => {
      current = false;
    };
  }, [locale]);
  if (locale === "en") return { ready: true };
  return loaded?.locale === locale ? { ready: true, messages: loaded.messages } : { ready: false };
}

// The inspector is a development tool: loaded with import() when it is first shown, so the
// example's start (like any app that does not import it) carries none of it.
const ChatInspector = lazy(() =>
  import("@crayonai/react-ui/inspector").then((module) => ({ default: module.ChatInspector })),
);

/** Where a real app would record a rating; the example logs it. */
function logFeedback(feedback: MessageFeedback) {
  console.info("feedback", JSON.stringify(feedback));
}

/**
 * The connection: `useChat` gets the callbacks for the backend, `CrayonChat` renders the result.
 * `demoAgentChatParams` spreads the bundled backend of the chosen protocol, which sends that
 * protocol's own request and reads its stream. Against your own backend, spread one yourself:
 *
 * ```ts
 * useChat({ ...agUIBackend({ url: "/api/agent" }) }); // an AG-UI agent (RunAgentInput)
 * useChat({ ...vercelAIBackend({ api: "/api/chat" }) }); // an AI SDK route (UIMessages)
 * useChat({ ...openAIBackend({ baseURL: "/v1", model: "gpt-4o-mini" }) }); // Chat Completions
 * useChat({ ...openResponsesBackend({ url: "/v1/responses", model: "gpt-5" }) }); // Responses
 * // optional persistence: fetchThreadList, createThread, updateThread, deleteThread, loadThread
 * ```
 */
function DemoChat({ protocol, layout, theme, inspector, locale }: Settings) {
  // Threads (list, create, rename, delete, load) and replies (in the chosen protocol's request
  // and stream formats) all go to the demo agent's API on /api.
  const chat = useChat(demoAgentChatParams({ protocol }));
  // `?thread=` reopens the thread after a reload; its running reply, if any, is followed.
  useThreadInUrl(chat);
  const catalogue = useCatalogue(locale);

  // CrayonChat holds no chat state: switching `type` keeps the conversation. In Arabic
  // (`?locale=ar`) it is right to left, its texts from the catalogue passed as `messages`.
  const crayonChat = catalogue.ready && (
    <CrayonChat
      chat={chat}
      type={layout}
      theme={{ mode: theme }}
      agentName="Crayon demo"
      locale={locale}
      messages={catalogue.messages}
      {...(locale === "ar" ? arabicWelcome : { welcomeMessage, conversationStarters })}
      // The demo agent's tools render as cards (weather, commands) and a dialog that answers
      // the call; its activities (/workflow, /workdeck, /cyrus) as boards with working buttons.
      toolUIs={demoToolUIs}
      activityRenderers={demoActivityRenderers}
      // Good / Bad response buttons show because this is set: send it to your analytics.
      onFeedback={logFeedback}
      // Tool calls of the demo agent's MCP servers (/mcp) show the server's own interface, in a
      // sandboxed frame; its HTML and the tools it calls go through the agent's /api/mcp routes.
      mcpApps={{ endpoint: "/api/mcp", sandboxProxyUrl: sandboxProxyUrl(window.location.search) }}
    />
  );

  // The activity renderers' buttons (Trigger a workflow, edit a Workdeck card) act on `chat`.
  return (
    <DemoActionsProvider chat={chat}>
      <div className="app__body">
        {layout === "standalone" ? (
          <main className="app__stage">{crayonChat}</main>
        ) : (
          <HostPage layout={layout}>{crayonChat}</HostPage>
        )}
        {inspector && (
          <div className="app__inspector">
            <Suspense fallback={<p className="app__loading">Loading the inspector…</p>}>
              <ChatInspector chat={chat} theme={theme} />
            </Suspense>
          </div>
        )}
      </div>
    </DemoActionsProvider>
  );
}

/**
 * The example: a toolbar (protocol, layout, inspector, theme; kept in the URL) above the chat,
 * and the inspector beside it when it is on.
 */
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
