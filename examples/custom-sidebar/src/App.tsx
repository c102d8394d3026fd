import { demoAgentChatParams } from "@crayonai/demo-agent/client";
import { useThreadListManager, useThreadManager } from "@crayonai/react-core";
import { CrayonChat } from "@crayonai/react-ui";
import { useMemo } from "react";
import { Sidebar } from "./Sidebar";

// The same params `useChat` would take, split in two: the thread list's persistence callbacks,
// and everything about one thread (loadThread, processMessage, streamProtocol).
const { fetchThreadList, createThread, updateThread, deleteThread, ...threadParams } =
  demoAgentChatParams();
const threadListParams = { fetchThreadList, createThread, updateThread, deleteThread };

/** A hand-made thread sidebar next to Crayon's chat panel, both driven by the lower-level hooks. */
export function App() {
  // The list: threads, the selected one, and the actions on them.
  const threadListManager = useThreadListManager(threadListParams);
  // The selected thread's messages and actions; it follows the list's selection.
  const threadManager = useThreadManager({ threadListManager, ...threadParams });
  const chat = useMemo(
    () => ({ threadListManager, threadManager }),
    [threadListManager, threadManager],
  );

  return (
    <div className="layout">
      <Sidebar threads={threadListManager} />
      <main className="layout__chat">
        <CrayonChat
          chat={chat}
          type="copilot"
          agentName="Crayon demo"
          welcomeMessage={{
            title: "Your sidebar, Crayon's chat",
            description: "The list on the left is plain React on top of useThreadListManager.",
          }}
          conversationStarters={[
            { displayText: "/markdown", prompt: "/markdown" },
            { displayText: "/long", prompt: "/long" },
            { displayText: "/tool", prompt: "/tool" },
          ]}
        />
      </main>
    </div>
  );
}
