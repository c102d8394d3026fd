import type { AssistantMessage, Message, ToolMessage } from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import { approvalToolName, meetingArguments, meetingResult } from "../agent/scripts/approve";
import { reasonAnswerText } from "../agent/scripts/reason";
import { weatherSentence } from "../agent/scripts/tool";
import { weatherFor } from "../agent/weather";
import { fetchFrom, recordingFetch, userMessage } from "../testSupport/clientRequests";
import { converse, respondTo } from "../testSupport/conversation";
import { assistants, assistantText, decodeReply, replyOf } from "../testSupport/decodedReply";
import { testApp } from "../testSupport/testApps";

type App = Awaited<ReturnType<typeof testApp>>;

const post = (app: App, body: unknown) =>
  app.request("/api/openai/responses", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const stored = async (app: App, threadId: string): Promise<Message[]> =>
  (await app.request(`/api/threads/${threadId}/messages`)).json();

describe("POST /api/openai/responses", () => {
  it("answers a request it rejects with OpenAI's error shape", async () => {
    const app = await testApp();
    const response = await post(app, {
      model: "demo",
      stream: true,
      input: [{ type: "function_call_output", call_id: "call_1", output: "sunny" }],
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        message: "No tool call found for function call output with call_id call_1.",
        type: "invalid_request_error",
        param: "input[0]",
        code: null,
      },
    });
  });

  it("refuses input that cannot be one thread (an item repeated under its id), storing nothing", async () => {
    const app = await testApp();
    const answer = (text: string) => ({
      type: "message",
      id: "msg_1",
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text, annotations: [] }],
    });
    const input = [{ role: "user", content: "hi" }, answer("a"), answer("b")];
    const response = await post(app, {
      model: "demo",
      stream: true,
      input: [...input, { role: "user", content: "?" }],
      metadata: { thread_id: "t-twice" },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatchObject({
      message: expect.stringContaining("msg_1"),
      param: "input[2]",
    });
    expect((await app.request("/api/threads/t-twice/messages")).status).toBe(404);
  });

  it("streams Responses events naming the model, from response.created to response.completed", async () => {
    const app = await testApp();
    const response = await post(app, { model: "any-name", stream: true, input: "hi" });
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const body = await response.text();
    expect(body.startsWith("event: response.created\ndata: ")).toBe(true);
    expect(body).toContain('"model":"any-name"');
    expect(body.trimEnd().split("\n\n").at(-1)).toMatch(/^event: response\.completed\n/);
    expect(body).not.toContain("[DONE]");
  });

  it("holds a conversation: the client runs the declared tool, then a second turn", async () => {
    const app = await testApp();
    const { bodies, fetch } = recordingFetch(app);
    const first = [userMessage("/tool Rome")];
    const turn1 = await converse(app, first, "open-responses", "thread-or", { fetch });
    const reply1 = replyOf(turn1, first);
    expect(reply1.map((m) => m.role)).toEqual(["assistant", "tool", "assistant"]);
    const call = (reply1[0] as AssistantMessage).toolCalls![0]!;
    expect(call.function).toEqual({ name: "get_weather", arguments: '{"city":"Rome"}' });
    expect(assistantText(reply1)).toContain(weatherSentence(weatherFor("Rome")));

    // Two requests: the question (with the tool declared), then the client's tool result.
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toMatchObject({
      model: "demo",
      stream: true,
      metadata: { thread_id: "thread-or" },
      input: [{ role: "user", content: "/tool Rome" }],
      tools: [{ type: "function", name: "get_weather" }],
    });
    expect(bodies[1].input.map((item: { type?: string }) => item.type ?? "message")).toEqual([
      "message",
      "message",
      "function_call",
      "function_call_output",
    ]);
    expect(bodies[1].input[2]).toMatchObject({ call_id: call.id });

    const second = [...turn1.messages, userMessage("/reason")];
    const turn2 = await converse(app, second, "open-responses", "thread-or", { fetch });
    expect(replyOf(turn2, second).map((m) => m.role)).toEqual(["reasoning", "assistant"]);
    expect(assistantText(replyOf(turn2, second))).toBe(reasonAnswerText);

    // The saved thread keeps every turn, reasoning included (the client sends none back).
    expect((await stored(app, "thread-or")).map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "tool",
      "assistant",
      "user",
      "reasoning",
      "assistant",
    ]);
  });

  it("runs the tool itself for a client that declares none, sending no unanswerable call", async () => {
    const app = await testApp();
    const response = await post(app, { model: "demo", stream: true, input: "/tool Oslo" });
    const body = await response.clone().text();
    expect(body).not.toContain("function_call");
    const { messages } = await decodeReply("open-responses", response, []);
    expect(messages.map((m) => m.role)).toEqual(["assistant", "assistant"]);
    expect(assistantText(messages)).toBe(
      `Let me check the weather in Oslo.\n\n${weatherSentence(weatherFor("Oslo"))}`,
    );
  });
});

describe("/approve over open-responses, as an MCP approval", () => {
  async function askForApproval(app: App, threadId: string, fetch = fetchFrom(app)) {
    const history = [userMessage("/approve")];
    const { messages } = await converse(app, history, "open-responses", threadId, { fetch });
    expect(assistants(messages).at(-1)?.status).toBe("awaiting_input");
    return messages;
  }

  it("approved: the answer goes back as mcp_approval_response, and the call runs as an mcp_call", async () => {
    const app = await testApp();
    const { bodies, fetch } = recordingFetch(app);
    const answered = respondTo(await askForApproval(app, "t-approve", fetch), { type: "approve" });
    const decoded = await converse(app, answered, "open-responses", "t-approve", { fetch });

    // The request ends with the answer, after the request it answers (and the server's tools).
    const input = bodies.at(-1).input;
    expect(input.map((item: { type?: string }) => item.type ?? "message")).toEqual([
      "message",
      "message",
      "mcp_list_tools",
      "mcp_approval_request",
      "mcp_approval_response",
    ]);
    const request = input[3];
    expect(request).toMatchObject({ server_label: "demo", name: approvalToolName });
    expect(input[4]).toEqual({
      type: "mcp_approval_response",
      approval_request_id: request.id,
      approve: true,
    });

    const reply = replyOf(decoded, answered.messages);
    expect(reply.map((m) => m.role)).toEqual(["assistant", "tool", "assistant"]);
    const mcpCall = (reply[0] as AssistantMessage).toolCalls![0]!;
    expect(mcpCall.function.name).toBe(approvalToolName);
    const item = JSON.parse((reply[1] as ToolMessage).content as string);
    expect(item).toMatchObject({
      type: "mcp_call",
      server_label: "demo",
      approval_request_id: request.id,
      arguments: JSON.stringify(meetingArguments),
      status: "completed",
    });
    expect(JSON.parse(item.output)).toEqual(meetingResult);
    expect((reply[2] as AssistantMessage).content).toMatch(/^Done: "Release review"/);

    // Saved as the client read it, with the answer the server recorded.
    const thread = await stored(app, "t-approve");
    expect(thread.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "tool",
      "user",
      "assistant",
      "tool",
      "assistant",
    ]);
    expect(thread[1]).toMatchObject({ status: "complete" });
    expect(thread[3]).toMatchObject({ isVisuallyHidden: true, content: "Approved." });
    // The mcp_call item stands in no message item: the message holding it gets an id of the
    // reader's own, the client's and the server's.
    expect(thread.slice(4).map(({ id: _id, ...rest }) => rest)).toEqual(
      reply.map(({ id: _id, ...rest }) => rest),
    );
    expect(thread.slice(5)).toEqual(reply.slice(1));
  });

  it("rejected: nothing runs, and the agent says so", async () => {
    const app = await testApp();
    const answered = respondTo(await askForApproval(app, "t-reject"), {
      type: "reject",
      reason: "not this week",
    });
    const reply = replyOf(
      await converse(app, answered, "open-responses", "t-reject"),
      answered.messages,
    );
    expect(reply.map((m) => m.role)).toEqual(["assistant"]);
    const text = assistantText(reply);
    expect(text).toContain("did not schedule");
    expect(text).toContain("not this week");
  });
});
