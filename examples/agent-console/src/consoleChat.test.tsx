import { DemoActionsProvider, demoActivityRenderers } from "@crayonai/demo-ui";
import { button, click, type Rendered, render, typeInto, waitFor } from "@crayonai/demo-ui/testing";
import { type UseChatParams, useChat } from "@crayonai/react-core";
import { CrayonChat } from "@crayonai/react-ui";
import { crayonSSEResponse } from "@crayonai/server/sse";
import type { CrayonStreamEvent, Message, UserMessage } from "@crayonai/stream";
import { afterEach, describe, expect, it } from "vitest";

// jsdom has no layout: the message list's stick-to-bottom needs these to exist.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
Element.prototype.scrollTo ??= () => {};

const board = (status: string): CrayonStreamEvent => ({
  type: "activity-snapshot",
  activityType: "task-board",
  messageId: "board",
  content: {
    title: "SF weather 2025, sine fit",
    status,
    tasks: [
      {
        id: "fit",
        title: "Fit a sine curve",
        prompt: "Fit a sine",
        dependsOn: [],
        status,
        progress: 100,
      },
    ],
  },
});

/** A backend that answers every request with the next scripted reply, recording what it got. */
function scriptedBackend(replies: CrayonStreamEvent[][]) {
  const requests: Message[][] = [];
  const params: UseChatParams = {
    processMessage: async ({ messages }) => {
      requests.push(messages);
      return crayonSSEResponse(
        (async function* () {
          yield* replies.shift() ?? [];
        })(),
      );
    },
  };
  return { params, requests };
}

function Console({ params }: { params: UseChatParams }) {
  const chat = useChat(params);
  return (
    <DemoActionsProvider chat={chat}>
      <CrayonChat chat={chat} type="standalone" activityRenderers={demoActivityRenderers} />
    </DemoActionsProvider>
  );
}

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe("the console in CrayonChat", () => {
  it("renders activities with the console renderers and sends card edits as hidden messages", async () => {
    const backend = scriptedBackend([[board("completed")], [board("completed")]]);
    view = await render(<Console params={backend.params} />);
    const composer = view.container.querySelector("textarea");
    await typeInto(composer, "/workdeck");
    await click(view.container.querySelector('button[type="submit"]'));
    const card = await waitFor(() => view!.container.querySelector(".demo-task-card"));
    expect(card.textContent).toContain("Fit a sine curve");
    // The reply must have ended, or the edit would first stop it.
    await waitFor(() => !view!.container.querySelector(".crayon-composer__button--stop"));
    await click(button(view.container, "Edit Fit a sine curve"));
    await typeInto(view.container.querySelector(".demo-task-card textarea"), "Fit two harmonics");
    await click(button(view.container, "Save and restart"));

    const request = await waitFor(() => backend.requests[1]);
    const sent = request.at(-1) as UserMessage;
    expect(sent).toMatchObject({
      role: "user",
      isVisuallyHidden: true,
      context: [{ editTask: "fit", text: "Fit two harmonics" }],
    });
    // The hidden message is not shown as a user bubble.
    expect(view.container.textContent).not.toContain("Edit task fit");
  });
});
