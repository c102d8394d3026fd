// Contender (a): CrayonChat with its stylesheet and default props, on `useChat` from
// @crayonai/react-core talking to an AI SDK route through `vercelAIBackend`. In history mode the
// thread list holds one stored conversation, loaded with `loadThread` when it is selected.
import { type ChatManager, useChat } from "@crayonai/react-core";
import { CrayonChat } from "@crayonai/react-ui";
import "@crayonai/react-ui/styles.css";
import { type VercelUIMessage, vercelAIBackend } from "@crayonai/stream/backends/vercel";
import { useEffect } from "react";
import { createRoot } from "react-dom/client";
import { createBenchApi, endsWithMarker, pageMode } from "./benchApi";

const mode = pageMode();
const historyThread = { threadId: "history", title: "The long answer", createdAt: 0 };

// Crayon renders one assistant message here; `querySelector` reaches it (and its markdown root)
// before descending into the reply's subtree, so this stays cheap for a 20 MB reply.
const bench = createBenchApi(() =>
  endsWithMarker(document.querySelector(".crayon-message--assistant .crayon-markdown")),
);

const historyParams =
  mode === "history"
    ? {
        fetchThreadList: async () => [historyThread],
        loadThread: async (): Promise<VercelUIMessage[]> => {
          const response = await fetch("/api/history");
          return response.json();
        },
      }
    : {};

function Bench({ chat }: { chat: ChatManager }) {
  useEffect(() => {
    bench.send = (text) => {
      void chat.threadManager.processMessage(text);
    };
    bench.loadHistory = () => {
      bench.finished = true;
      chat.threadListManager.selectThread(historyThread.threadId);
    };
    bench.ready = true;
  }, [chat]);
  return null;
}

function App() {
  const chat = useChat({
    ...vercelAIBackend({ api: "/api/chat" }),
    ...historyParams,
    onFinish: () => {
      bench.finished = true;
    },
    onError: (error) => {
      bench.error = error.message;
    },
  });
  return (
    <>
      <CrayonChat chat={chat} agentName="Bench" />
      <Bench chat={chat} />
    </>
  );
}

createRoot(document.getElementById("root")!).render(<App />);
