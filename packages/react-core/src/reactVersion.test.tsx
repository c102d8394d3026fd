import { encodeCrayonEvent } from "@crayonai/server/sse";
import { act, render, screen } from "@testing-library/react";
import * as React from "react";
import * as ReactDOM from "react-dom";
import { expect, inject, it } from "vitest";
import { useMessages } from "./hooks/selectors";
import { useChat } from "./hooks/useChat";
import type { ChatManager } from "./types";

declare module "vitest" {
  export interface ProvidedContext {
    /** The React major version of the project: "19" (`vitest.config.ts`) or "18" (`vitest.react18.config.ts`). */
    reactMajor: string;
  }
}

const major = inject("reactMajor");

let chat: ChatManager | undefined;

function Messages({ chat }: { chat: ChatManager }) {
  return (
    <ul>
      {useMessages(chat).map((m) => (
        <li key={m.id}>{`${m.role}: ${typeof m.content === "string" ? m.content : ""}`}</li>
      ))}
    </ul>
  );
}

function App() {
  chat = useChat({
    processMessage: async () =>
      new Response(
        ["Hel", "lo"].map((text) => encodeCrayonEvent({ type: "text-delta", text })).join(""),
      ),
    streamBatching: "microtask",
  });
  return <Messages chat={chat} />;
}

it(`runs against React ${major} and React DOM ${major}`, () => {
  expect(React.version.split(".")[0]).toBe(major);
  expect(ReactDOM.version.split(".")[0]).toBe(major);
});

it(`streams a reply into components rendered by React DOM ${major}`, async () => {
  render(<App />);
  await act(() => chat!.threadManager.processMessage("hi"));

  expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
    "user: hi",
    "assistant: Hello",
  ]);
  expect(chat!.threadListManager.threads).toHaveLength(1);
});
