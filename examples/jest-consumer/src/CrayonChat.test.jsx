import "./nodeWebApis";
import { useChat } from "@crayonai/react-core";
import { CrayonChat } from "@crayonai/react-ui";
import "@crayonai/react-ui/styles.css";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

// What the app's server answers: a Crayon SSE stream, here in two network chunks, the second
// splitting a frame, as a real connection may.
function crayonSSEResponse(...chunks) {
  const utf8 = new TextEncoder();
  const body = new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(utf8.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream" } });
}

function App() {
  const chat = useChat({
    processMessage: ({ threadId, messages, abortController }) =>
      fetch("/api/chat", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ threadId, messages }),
        signal: abortController.signal,
      }),
  });
  return <CrayonChat chat={chat} agentName="Ada" />;
}

test("CrayonChat shows the reply the backend streams", async () => {
  global.fetch = jest.fn(async () =>
    crayonSSEResponse(
      "event: text\ndata: Hello from \n\nevent: te",
      "xt\ndata: the packed build\n\n",
    ),
  );
  const user = userEvent.setup();
  render(<App />);

  await user.type(screen.getByLabelText("Message"), "Hi{Enter}");

  // In the messages (the thread list's preview repeats the reply's text).
  const messages = screen.getByRole("log", { name: "Messages" });
  expect(await within(messages).findByText("Hello from the packed build")).toBeTruthy();
  const [url, init] = global.fetch.mock.calls[0];
  expect(url).toBe("/api/chat");
  expect(JSON.parse(init.body).messages).toMatchObject([{ role: "user", content: "Hi" }]);
});
