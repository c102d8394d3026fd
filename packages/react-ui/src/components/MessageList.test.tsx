import type { ChatManager } from "@crayonai/react-core";
import type { ActivityMessage, Message } from "@crayonai/stream";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ROWS_WITHOUT_LAYOUT } from "../internal/scroll/useMessageWindow";
import { createBackend, expectNoAxeViolations, renderWithChat } from "../testing/chatHarness";
import { ActivityRenderersProvider } from "./ActivityRenderers";
import { Composer } from "./Composer";
import { MessageList } from "./MessageList";

function Chat({ chat }: { chat: ChatManager }) {
  return (
    <>
      <MessageList chat={chat} agentName="Ada" />
      <Composer chat={chat} />
    </>
  );
}

function log() {
  return screen.getByRole("log", { name: "Messages" });
}

function CustomActivity({ message }: { message: ActivityMessage }) {
  return <p>Custom value {message.content.value}</p>;
}

/** Renders of each counted activity row, by message id. */
const activityRenders = new Map<string, number>();

function CountedActivity({ message }: { message: ActivityMessage }) {
  activityRenders.set(message.id, (activityRenders.get(message.id) ?? 0) + 1);
  return <p>{message.content.label}</p>;
}

const countingRenderers = { COUNTED: CountedActivity };

describe("MessageList", () => {
  it("hides system, developer and visually hidden messages", () => {
    const backend = createBackend();
    const { chat } = renderWithChat(backend, (c) => <Chat chat={c} />);
    act(() =>
      chat().threadManager.setMessages([
        { id: "s", role: "system", content: "SYSTEM PROMPT" },
        { id: "d", role: "developer", content: "DEVELOPER NOTE" },
        { id: "h", role: "user", content: "HIDDEN CONTEXT", isVisuallyHidden: true },
        { id: "u", role: "user", content: "Visible question" },
      ]),
    );
    expect(within(log()).getByText("Visible question")).toBeTruthy();
    for (const hidden of ["SYSTEM PROMPT", "DEVELOPER NOTE", "HIDDEN CONTEXT"]) {
      expect(screen.queryByText(hidden)).toBeNull();
    }
  });

  it("shows an error with Retry, which runs the reply again", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.respond(() => new Response("Service unavailable", { status: 503 }));
    const { container } = renderWithChat(backend, (c) => <Chat chat={c} />);
    await user.type(screen.getByLabelText("Message"), "Hi{Enter}");
    const alert = await screen.findByRole("alert");
    await expectNoAxeViolations(container);

    backend.reply({ type: "text-delta", text: "Back online." });
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    await screen.findByText("Back online.");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(backend.requests).toHaveLength(2);
  });

  it("says why a reply failed once, in the notice with Retry, and keeps its partial text", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.reply(
      { type: "text-delta", text: "Revenue grew 12%" },
      { type: "error", error: "The provider timed out.", code: "server_error" },
    );
    renderWithChat(backend, (c) => <Chat chat={c} />);
    await user.type(screen.getByLabelText("Message"), "Summarise{Enter}");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("button", { name: "Retry" })).toBeTruthy();
    expect(screen.getAllByText("The provider timed out.")).toHaveLength(1);
    expect(within(alert).getByText("The provider timed out.")).toBeTruthy();
    expect(within(log()).getByText("Revenue grew 12%")).toBeTruthy();
    // One way to try again, and nothing to rate: no action row between the text and the notice.
    expect(screen.getAllByRole("button", { name: /^(Retry|Regenerate)$/ })).toHaveLength(1);
    for (const name of ["Regenerate", "Good response", "Bad response", "Copy"]) {
      expect(screen.queryByRole("button", { name })).toBeNull();
    }
  });

  it("switches between alternative replies with the branch picker", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.reply({ type: "text-delta", text: "First answer" });
    const { chat, container } = renderWithChat(backend, (c) => <Chat chat={c} />);
    await user.type(screen.getByLabelText("Message"), "Hi{Enter}");
    await screen.findByText("First answer");
    expect(screen.queryByRole("button", { name: "Previous version" })).toBeNull();

    backend.reply({ type: "text-delta", text: "Second answer" });
    await act(() => chat().threadManager.regenerate());
    await screen.findByText("Second answer");
    expect(screen.queryByText("First answer")).toBeNull();
    expect(screen.getByText(/2 \/ 2/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Next version" })).toHaveProperty("disabled", true);
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole("button", { name: "Previous version" }));
    expect(screen.getByText("First answer")).toBeTruthy();
    expect(screen.queryByText("Second answer")).toBeNull();
    expect(screen.getByText(/1 \/ 2/)).toBeTruthy();
  });

  it("edits a user message into a new branch and sends the new text", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.reply({ type: "text-delta", text: "About cats" });
    const { container } = renderWithChat(backend, (c) => <Chat chat={c} />);
    await user.type(screen.getByLabelText("Message"), "Tell me about cats{Enter}");
    await screen.findByText("About cats");

    backend.reply({ type: "text-delta", text: "About dogs" });
    await user.click(within(log()).getByRole("button", { name: "Edit" }));
    const editor = screen.getByRole("form", { name: "Edit message" });
    const field = within(editor).getByLabelText("Edited message");
    expect(document.activeElement).toBe(field);
    await expectNoAxeViolations(container);
    await user.clear(field);
    await user.type(field, "Tell me about dogs{Enter}");

    await screen.findByText("About dogs");
    expect(screen.queryByRole("form", { name: "Edit message" })).toBeNull();
    expect(screen.queryByText("Tell me about cats")).toBeNull();
    expect(within(log()).getByText("Tell me about dogs")).toBeTruthy();
    expect(screen.getByText(/2 \/ 2/)).toBeTruthy();
    expect(backend.requests).toHaveLength(2);
    const sent = backend.requests[1]!.messages as Message[];
    expect(sent.filter((m) => m.role === "user").map((m) => m.content)).toEqual([
      "Tell me about dogs",
    ]);

    await user.click(screen.getByRole("button", { name: "Previous version" }));
    expect(within(log()).getByText("Tell me about cats")).toBeTruthy();
    expect(screen.getByText("About cats")).toBeTruthy();
  });

  it("keeps the original message when an edit is cancelled, with Cancel or Escape", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.reply({ type: "text-delta", text: "Hello!" });
    renderWithChat(backend, (c) => <Chat chat={c} />);
    await user.type(screen.getByLabelText("Message"), "Hi there{Enter}");
    await screen.findByText("Hello!");

    await user.click(within(log()).getByRole("button", { name: "Edit" }));
    await user.type(screen.getByLabelText("Edited message"), " and goodbye");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(within(log()).getByText("Hi there")).toBeTruthy();
    expect(document.activeElement).toBe(within(log()).getByRole("button", { name: "Edit" }));

    await user.click(within(log()).getByRole("button", { name: "Edit" }));
    await user.type(screen.getByLabelText("Edited message"), " again{Escape}");
    expect(screen.queryByRole("form", { name: "Edit message" })).toBeNull();
    expect(within(log()).getByText("Hi there")).toBeTruthy();
    expect(screen.queryByText(/1 \/ 2|2 \/ 2/)).toBeNull();
    expect(backend.requests).toHaveLength(1);
  });

  it("regenerates the last reply of a turn as a second branch", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.reply({ type: "text-delta", text: "First answer" });
    const { container } = renderWithChat(backend, (c) => <Chat chat={c} />);
    await user.type(screen.getByLabelText("Message"), "Hi{Enter}");
    await screen.findByText("First answer");

    backend.hold();
    await user.click(within(log()).getByRole("button", { name: "Regenerate" }));
    await waitFor(() => expect(backend.held).toHaveLength(1));
    // While the new reply runs, neither control is offered.
    expect(within(log()).queryByRole("button", { name: "Regenerate" })).toBeNull();
    expect(within(log()).queryByRole("button", { name: "Edit" })).toBeNull();
    await act(async () => backend.held[0]!.end({ type: "text-delta", text: "Second answer" }));

    await screen.findByText("Second answer");
    expect(screen.queryByText("First answer")).toBeNull();
    expect(screen.getByText(/2 \/ 2/)).toBeTruthy();
    expect(backend.requests).toHaveLength(2);
    expect(within(log()).getAllByRole("button", { name: "Regenerate" })).toHaveLength(1);
    await expectNoAxeViolations(container);
  });

  it("offers no Regenerate on a reply that waits for the user's answer", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.reply(
      { type: "text-delta", text: "Which city?" },
      { type: "status-update", status: "awaiting_input" },
    );
    renderWithChat(backend, (c) => <Chat chat={c} />);
    await user.type(screen.getByLabelText("Message"), "Book a flight{Enter}");
    await screen.findByRole("group", { name: "The assistant is waiting for your answer" });
    expect(within(log()).getByText("Which city?")).toBeTruthy();
    expect(within(log()).queryByRole("button", { name: "Regenerate" })).toBeNull();
    expect(within(log()).getByRole("button", { name: "Edit" })).toBeTruthy();

    backend.reply({ type: "text-delta", text: "Booked to Rome." });
    await user.type(screen.getByLabelText("Your answer"), "Rome{Enter}");
    const answered = await screen.findByText("Booked to Rome.");
    const row = answered.closest<HTMLElement>(".crayon-reply")!;
    expect(within(row).getByRole("button", { name: "Regenerate" })).toBeTruthy();
  });

  it("announces each finished reply once, not while it streams", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.hold();
    const { container } = renderWithChat(backend, (c) => <Chat chat={c} />);
    const region = container.querySelector('[aria-live="polite"]');
    // The region exists only once a conversation shows; collect what it says from then on.
    const announcements: string[] = [];
    let observer: MutationObserver | undefined;
    const watch = (node: Element) => {
      observer = new MutationObserver(() => {
        const text = node.textContent ?? "";
        if (text && text !== announcements.at(-1)) announcements.push(text);
      });
      observer.observe(node, { childList: true, subtree: true, characterData: true });
    };
    if (region) watch(region);

    await user.type(screen.getByLabelText("Message"), "Hi{Enter}");
    await waitFor(() => expect(backend.held).toHaveLength(1));
    const live = container.querySelector('[aria-live="polite"]')!;
    if (!observer) watch(live);
    for (const text of ["Hello", " there", ", friend"]) {
      await act(async () => backend.held[0]!.send({ type: "text-delta", text }));
      await waitFor(() => expect(log().textContent).toContain(text.trim()));
      expect(live.textContent).toBe("");
    }
    await act(async () => backend.held[0]!.end());
    await waitFor(() => expect(live.textContent).toBe("Ada: Hello there, friend"));

    // Unrelated re-renders (typing) do not repeat it.
    backend.reply({ type: "text-delta", text: "Second reply" });
    await user.type(screen.getByLabelText("Message"), "Again{Enter}");
    await waitFor(() => expect(live.textContent).toBe("Ada: Second reply"));
    await act(async () => {});
    expect(announcements).toEqual(["Ada: Hello there, friend", "Ada: Second reply"]);
    observer?.disconnect();
  });

  it("renders tool calls with their arguments, state and result", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.hold();
    renderWithChat(backend, (c) => <Chat chat={c} />);
    await user.type(screen.getByLabelText("Message"), "Weather?{Enter}");
    await waitFor(() => expect(backend.held).toHaveLength(1));
    const stream = backend.held[0]!;
    await act(async () =>
      stream.send(
        { type: "tool-call-start", toolCallId: "c1", toolCallName: "get_weather" },
        { type: "tool-call-args", toolCallId: "c1", delta: '{"city":"Oslo"}' },
        { type: "tool-call-end", toolCallId: "c1" },
        { type: "tool-call-start", toolCallId: "c2", toolCallName: "get_forecast" },
        { type: "tool-call-end", toolCallId: "c2" },
      ),
    );
    await screen.findByText("get_weather");
    // The first call's arguments are complete; the last one's may still be written.
    expect(screen.getByText("Running")).toBeTruthy();
    expect(screen.getByText("Preparing")).toBeTruthy();
    expect(screen.getByText("City").nextElementSibling?.textContent).toBe("Oslo");

    await act(async () =>
      stream.end(
        { type: "tool-call-result", toolCallId: "c1", content: '{"temp":3}' },
        { type: "tool-call-result", toolCallId: "c2", content: "", error: "Quota exceeded" },
      ),
    );
    await screen.findByText("Done");
    expect(screen.getByText("Failed")).toBeTruthy();
    expect(screen.getByText(/"temp": 3/)).toBeTruthy();
    expect(screen.getByText("Quota exceeded")).toBeTruthy();
  });

  it("shows reasoning in a collapsible section with a live indicator while thinking", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.hold();
    renderWithChat(backend, (c) => <Chat chat={c} />);
    await user.type(screen.getByLabelText("Message"), "Think{Enter}");
    await waitFor(() => expect(backend.held).toHaveLength(1));
    await act(async () =>
      backend.held[0]!.send(
        { type: "reasoning-start", messageId: "r1" },
        { type: "reasoning-delta", text: "Considering options", messageId: "r1" },
      ),
    );
    await screen.findByText("Thinking…");
    const details = screen.getByText("Considering options").closest("details")!;
    expect(details.open).toBe(false);

    await act(async () =>
      backend.held[0]!.end(
        { type: "reasoning-end", messageId: "r1" },
        { type: "text-delta", text: "Decided." },
      ),
    );
    await screen.findByText("Decided.");
    expect(screen.queryByText("Thinking…")).toBeNull();
    // Seen thinking: how long it took (at least a second, rounded).
    expect(within(details).getByText(/^Thought for \d+ s$/)).toBeTruthy();
  });

  it("renders activities with registered renderers, or the readable default", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.reply(
      {
        type: "activity-snapshot",
        activityType: "PLAN",
        content: { title: "Trip plan", steps: [{ title: "Book flight", status: "done" }, "Pack"] },
      },
      {
        type: "activity-snapshot",
        activityType: "SEARCH",
        content: { query: "hotels", results: 12 },
      },
      { type: "activity-snapshot", activityType: "CUSTOM", content: { value: 42 } },
    );
    const renderers = { CUSTOM: CustomActivity };
    const { container } = renderWithChat(backend, (c) => (
      <ActivityRenderersProvider renderers={renderers}>
        <Chat chat={c} />
      </ActivityRenderersProvider>
    ));
    await user.type(screen.getByLabelText("Message"), "Plan{Enter}");
    const plan = await screen.findByRole("region", { name: "Trip plan" });
    expect(
      within(plan)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Book flightdone", "Pack"]);
    const search = screen.getByRole("region", { name: "Search" });
    expect(within(search).getByText("Query").nextSibling?.textContent).toBe("hotels");
    expect(within(search).getByText("Results").nextSibling?.textContent).toBe("12");
    expect(screen.getByText("Custom value 42")).toBeTruthy();
    await expectNoAxeViolations(container);
  });
});

describe("MessageList in a long thread", () => {
  const thread = (size: number): Message[] =>
    Array.from(
      { length: size },
      (_, i): Message =>
        i % 2 === 0
          ? {
              id: `q${i}`,
              role: "user",
              content: `Question ${i}${i === 4 ? " about the lighthouse" : ""}`,
            }
          : { id: `a${i}`, role: "assistant", content: `**Answer** ${i}`, status: "complete" },
    );

  it("searches every message, rendered or not, from Ctrl+F in the list", async () => {
    const user = userEvent.setup();
    const { chat } = renderWithChat(createBackend(), (c) => <Chat chat={c} />);
    act(() => chat().threadManager.setMessages(thread(200)));
    expect(screen.queryByText(/lighthouse/)).toBeNull();

    log().focus();
    await user.keyboard("{Control>}f{/Control}");
    const search = screen.getByRole("searchbox", { name: "Search this conversation" });
    expect(document.activeElement).toBe(search);
    await user.type(search, "LIGHTHOUSE");
    expect(within(search.parentElement!).getByText("1 of 1")).toBeTruthy();
    await user.clear(search);
    await user.type(search, "answer 1");
    // Answers 1, 11, 13, …, 199: the newest first, Enter goes on (wrapping), Shift+Enter back.
    expect(within(search.parentElement!).getByText("56 of 56")).toBeTruthy();
    await user.keyboard("{Enter}");
    expect(within(search.parentElement!).getByText("1 of 56")).toBeTruthy();
    await user.keyboard("{Shift>}{Enter}{/Shift}");
    expect(within(search.parentElement!).getByText("56 of 56")).toBeTruthy();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("searchbox")).toBeNull();
    expect(document.activeElement).toBe(
      screen.getByRole("button", { name: "Search this conversation" }),
    );
  });

  it("gives each row its place in the thread, and PageUp / PageDown move between rows", async () => {
    const user = userEvent.setup();
    const { chat } = renderWithChat(createBackend(), (c) => <Chat chat={c} />);
    act(() => chat().threadManager.setMessages(thread(200)));
    const feed = screen.getByRole("feed");
    const rows = within(feed).getAllByRole("article");
    expect(rows.at(-1)?.getAttribute("aria-posinset")).toBe("200");
    expect(rows.every((row) => row.getAttribute("aria-setsize") === "200")).toBe(true);

    rows.at(-1)!.focus();
    await user.keyboard("{PageUp}");
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-posinset")).toBe("199"));
    await user.keyboard("{PageDown}");
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-posinset")).toBe("200"));
  });
});

describe("MessageList rendering cost", () => {
  function thread(size: number): Message[] {
    return Array.from({ length: size }, (_, i): Message => {
      if (i % 50 === 49) {
        return {
          id: `m${i}`,
          role: "activity",
          activityType: "COUNTED",
          content: { label: `Activity ${i}` },
        };
      }
      return i % 2 === 0
        ? { id: `m${i}`, role: "user", content: `Question ${i}` }
        : { id: `m${i}`, role: "assistant", content: `Answer ${i}`, status: "complete" };
    });
  }

  async function streamAfter(size: number) {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.hold();
    activityRenders.clear();
    const renders = activityRenders;
    const { chat, container } = renderWithChat(backend, (c) => (
      <ActivityRenderersProvider renderers={countingRenderers}>
        <Chat chat={c} />
      </ActivityRenderersProvider>
    ));
    act(() => chat().threadManager.setMessages(thread(size)));
    // Only a window of rows is rendered (without layout, the last ones), however long the thread.
    expect(container.querySelectorAll(".crayon-message")).toHaveLength(ROWS_WITHOUT_LAYOUT);

    // Found by role, not label: jsdom resolves the labels of every button on the page (an Edit
    // or Regenerate per row, thousands here) for each label query.
    const input = screen.getByRole("textbox", { name: "Message" });
    await user.type(input, "Next{Enter}");
    await waitFor(() => expect(backend.held).toHaveLength(1));
    const before = new Map(renders);
    // The last row is an activity: its renders are counted.
    expect(before.size).toBe(1);
    for (const text of ["Streaming", " more", " text"]) {
      await act(async () => backend.held[0]!.send({ type: "text-delta", text }));
    }
    // Markdown takes a new version of the text at most every 50 ms, and each query walks
    // thousands of rows in jsdom: give it time.
    await waitFor(() => expect(screen.getByText("Streaming more text")).toBeTruthy(), {
      timeout: 10_000,
    });
    await act(async () => backend.held[0]!.end());
    await within(input.closest("form")!).findByRole("button", { name: "Send message" });
    return { renders, before, container };
  }

  it("re-renders only the streaming row, not the others", async () => {
    const { renders, before } = await streamAfter(100);
    expect(renders).toEqual(before);
  });

  it("renders a 2,000-message thread and streams into it without re-rendering old rows", async () => {
    const { renders, before, container } = await streamAfter(2000);
    expect(renders).toEqual(before);
    // 2,000 old rows, the new question and its reply: the feed says so, rendering a window.
    const rows = [...container.querySelectorAll("article")];
    expect(rows).toHaveLength(ROWS_WITHOUT_LAYOUT);
    expect(rows.every((row) => row.getAttribute("aria-setsize") === "2002")).toBe(true);
    expect(rows.at(-1)?.getAttribute("aria-posinset")).toBe("2002");
    expect(rows.at(-1)?.textContent).toContain("Streaming more text");
  }, 60_000);
});
