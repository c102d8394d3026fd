import type { RunAgentInput } from "@ag-ui/core";
import type { AssistantMessage, Message } from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import { approvalToolName, meetingResult } from "../agent/scripts/approve";
import { countText } from "../agent/scripts/count";
import { postChat } from "../testSupport/clientRequests";
import { assistants, assistantText, decodeReply } from "../testSupport/decodedReply";
import { testApp } from "../testSupport/testApps";

// `POST /api/chat?protocol=ag-ui` reads a RunAgentInput, as an AG-UI server does: these bodies
// are written by hand, the way any AG-UI client (not only Crayon's backend) sends them.

const input = (extra: Partial<RunAgentInput> = {}) => ({
  threadId: "thread-ag",
  runId: "run-1",
  messages: [{ id: "u1", role: "user", content: "/markdown" }],
  tools: [],
  context: [],
  state: {},
  forwardedProps: {},
  ...extra,
});

async function send(app: Awaited<ReturnType<typeof testApp>>, body: unknown) {
  const response = await postChat(app, body, "ag-ui");
  return { response, ...(await decodeReply("ag-ui", response.clone(), [])) };
}

describe("the ag-ui route's RunAgentInput", () => {
  it.each([
    ["no runId", { ...input(), runId: undefined }, "runId"],
    ["no messages", { ...input(), messages: undefined }, "messages"],
    [
      "a message of an unknown role",
      input({ messages: [{ id: "x", role: "robot" } as any] }),
      "messages.0.role",
    ],
    [
      "a user message without content",
      input({ messages: [{ id: "x", role: "user" } as any] }),
      "messages.0.content",
    ],
    [
      "a Crayon body",
      { threadId: "t", messages: [{ id: "u", role: "user", content: "hi" }] },
      "runId",
    ],
  ])("answers 400 with the schema's issue for %s", async (_name, body, path) => {
    const app = await testApp();
    const response = await postChat(app, body, "ag-ui");
    expect(response.status).toBe(400);
    const error = await response.json();
    expect(error.error).toMatch(/^The body is not a RunAgentInput: /);
    expect(error.issues.map((issue: { path: string }) => issue.path)).toContain(path);
  });

  it("runs with the body's thread and run ids", async () => {
    const app = await testApp();
    const { response, events } = await send(app, input());
    expect(response.status).toBe(200);
    expect(events[0]).toMatchObject({ type: "run-start", threadId: "thread-ag", runId: "run-1" });
    expect(events.at(-1)).toMatchObject({
      type: "run-finish",
      threadId: "thread-ag",
      runId: "run-1",
    });
    const stored: Message[] = await (await app.request("/api/threads/thread-ag/messages")).json();
    expect(stored.map((m) => m.role)).toEqual(["user", "assistant"]);
  });

  it("patches the state it was sent, with STATE_DELTA", async () => {
    const app = await testApp();
    const body = input({
      messages: [{ id: "u1", role: "user", content: "/count" }],
      state: { count: 4, todos: ["x"] },
    });
    const response = await postChat(app, body, "ag-ui");
    const raw = await response.clone().text();
    expect(raw).toContain('"type":"STATE_DELTA"');
    const { messages, state } = await decodeReply("ag-ui", response, [], body.state);
    expect(state).toEqual({ count: 5, todos: ["x"] });
    expect(assistantText(messages)).toBe(countText(5));
  });

  it("resumes the approval its interrupt asked for, from the resume entry", async () => {
    const app = await testApp();
    const asked = await send(
      app,
      input({ messages: [{ id: "u1", role: "user", content: "/approve" }] }),
    );
    const outcome = asked.events.find((e) => e.type === "custom" && e.name === "ag-ui:run-outcome");
    const interrupt = (outcome as any).value.interrupts[0];
    const waiting = assistants(asked.messages)[0]!;
    const call = waiting.toolCalls![0]!;
    expect(interrupt).toMatchObject({ toolCallId: call.id, reason: "tool_approval" });

    // The next run: the thread as AG-UI has it (no Crayon status or hidden answer), and the
    // answer in `resume`.
    const thread = [
      { id: "u1", role: "user", content: "/approve" },
      {
        id: waiting.id,
        role: "assistant",
        content: waiting.content,
        toolCalls: [{ id: call.id, type: "function", function: call.function }],
      },
    ];
    const resumed = await send(
      app,
      input({
        runId: "run-2",
        messages: thread as RunAgentInput["messages"],
        resume: [{ interruptId: interrupt.id, status: "resolved", payload: { approved: true } }],
      }),
    );
    expect(resumed.messages.map((m) => m.role)).toEqual(["tool", "assistant"]);
    expect(JSON.parse(resumed.messages[0]!.content as string)).toEqual(meetingResult);
    expect(assistantText(resumed.messages)).toMatch(/^Done: "Release review"/);

    // The saved thread reads as if the user had answered over Crayon's own protocol.
    const stored: Message[] = await (await app.request("/api/threads/thread-ag/messages")).json();
    expect(stored.map((m) => m.role)).toEqual(["user", "assistant", "user", "tool", "assistant"]);
    const answered = stored[1] as AssistantMessage;
    expect(answered.status).toBe("complete");
    expect(answered.toolCalls![0]!.function.name).toBe(approvalToolName);
    expect(answered.toolCalls![0]!.metadata).toMatchObject({ approved: true });
    expect(stored[2]).toMatchObject({ role: "user", isVisuallyHidden: true });
  });

  it("a cancelled interrupt answers nothing: the tool does not run", async () => {
    const app = await testApp();
    const asked = await send(
      app,
      input({ messages: [{ id: "u1", role: "user", content: "/approve" }] }),
    );
    const waiting = assistants(asked.messages)[0]!;
    const call = waiting.toolCalls![0]!;
    const resumed = await send(
      app,
      input({
        runId: "run-2",
        messages: [
          { id: "u1", role: "user", content: "/approve" },
          {
            id: waiting.id,
            role: "assistant",
            content: waiting.content,
            toolCalls: [{ id: call.id, type: "function", function: call.function }],
          },
        ] as RunAgentInput["messages"],
        resume: [{ interruptId: `approval-${call.id}`, status: "cancelled" }],
      }),
    );
    expect(resumed.messages.some((m) => m.role === "tool")).toBe(false);
    expect(assistantText(resumed.messages)).not.toContain("Done:");
  });
});
