// Contender (b): the AI SDK's `useChat` with its documented setup for long Markdown replies:
// `experimental_throttle: 50` and the cookbook's memoised Markdown rows. In history mode the
// stored conversation is passed as `messages`, the AI SDK's way to show a saved chat.
import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport, type UIMessage } from "ai";
import { useEffect, useLayoutEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { createBenchApi, endsWithMarker } from "./benchApi";
import { MemoizedMarkdown } from "./memoizedMarkdown";

const transport = new DefaultChatTransport({ api: "/api/chat" });

// The messages container's last child is the last message; its `.prose` is the Markdown root.
const bench = createBenchApi(() =>
  endsWithMarker(document.getElementById("messages")?.lastElementChild?.querySelector(".prose")),
);

function Chat({ id, initialMessages }: { id: string; initialMessages?: UIMessage[] }) {
  const { messages, sendMessage } = useChat({
    id,
    ...(initialMessages && { messages: initialMessages }),
    transport,
    experimental_throttle: 50,
    onFinish: () => {
      bench.finished = true;
    },
    onError: (error) => {
      bench.error = error.message;
    },
  });
  const [input, setInput] = useState("");

  // A saved chat opens at its end, as chat apps show one (the recipe itself does not scroll).
  useLayoutEffect(() => {
    const list = document.getElementById("messages");
    if (initialMessages && list) list.scrollTop = list.scrollHeight;
  }, [initialMessages]);

  useEffect(() => {
    bench.send = (text) => {
      void sendMessage({ text });
    };
  }, [sendMessage]);

  return (
    <div className="chat">
      <div id="messages">
        {messages.map((message) => (
          <div key={message.id} className="message" data-message-id={message.id}>
            <div className="role">{message.role === "user" ? "You" : "Assistant"}</div>
            <div className="prose">
              {message.parts.map((part, index) =>
                part.type === "text" ? (
                  <MemoizedMarkdown
                    // biome-ignore lint/suspicious/noArrayIndexKey: parts have no id of their own
                    key={`${message.id}-text-${index}`}
                    id={message.id}
                    content={part.text}
                  />
                ) : null,
              )}
            </div>
          </div>
        ))}
      </div>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void sendMessage({ text: input });
          setInput("");
        }}
      >
        <input
          aria-label="Message"
          value={input}
          placeholder="Say something..."
          onChange={(event) => setInput(event.target.value)}
        />
      </form>
    </div>
  );
}

function App() {
  const [history, setHistory] = useState<UIMessage[]>();

  useEffect(() => {
    bench.loadHistory = () => {
      bench.finished = true;
      void fetch("/api/history")
        .then((response) => response.json())
        .then(setHistory);
    };
    bench.ready = true;
  }, []);

  // A saved chat mounts with its messages, as `useChat({ messages })` expects.
  return history ? (
    <Chat key="history" id="history" initialMessages={history} />
  ) : (
    <Chat key="new" id="new" />
  );
}

createRoot(document.getElementById("root")!).render(<App />);
