import type { AssistantMessage, Message } from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import { reasonAnswerText } from "../agent/scripts/reason";
import { weatherSentence } from "../agent/scripts/tool";
import { weatherFor } from "../agent/weather";
import { recordingFetch, userMessage } from "../testSupport/clientRequests";
import { converse } from "../testSupport/conversation";
import { assistantText, decodeReply, replyOf } from "../testSupport/decodedReply";
import { testApp } from "../testSupport/testApps";

type App = Awaited<ReturnType<typeof testApp>>;

const post = (app: App, body: unknown) =>
  app.request("/api/openai/chat/completions", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("POST /api/openai/chat/completions", () => {
  it("answers a request it rejects with OpenAI's error shape", async () => {
    const app = await testApp();
    const response = await post(app, {
      model: "demo",
      stream: true,
      messages: [{ role: "tool", tool_call_id: "call_1", content: "sunny" }],
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        message: expect.stringContaining(
          "must be a response to a preceding message with 'tool_calls'",
        ),
        type: "invalid_request_error",
        param: "messages.[0].tool_call_id",
        code: null,
      },
    });
  });

  it("streams chat.completion.chunks naming the model, ending with [DONE]", async () => {
    const app = await testApp();
    const response = await post(app, {
      model: "any-name",
      stream: true,
      messages: [{ role: "user", content: "hi" }],
    });
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const body = await response.text();
    expect(body).toContain('"object":"chat.completion.chunk"');
    expect(body).toContain('"model":"any-name"');
    expect(body.trimEnd().endsWith("data: [DONE]")).toBe(true);
  });

  it("holds a conversation: the client runs the declared tool, then a second turn", async () => {
    const app = await testApp();
    const { bodies, fetch } = recordingFetch(app);
    const first = [userMessage("/tool Rome")];
    const turn1 = await converse(app, first, "openai", "thread-openai", { fetch });
    const reply1 = replyOf(turn1, first);
    expect(reply1.map((m) => m.role)).toEqual(["assistant", "tool", "assistant"]);
    const call = (reply1[0] as AssistantMessage).toolCalls![0]!;
    expect(call.function).toEqual({ name: "get_weather", arguments: '{"city":"Rome"}' });
    expect(reply1[1]).toMatchObject({ toolCallId: call.id });
    expect(assistantText(reply1)).toContain(weatherSentence(weatherFor("Rome")));

    // Two requests: the question (with the tool declared), then the client's tool result.
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toMatchObject({
      model: "demo",
      stream: true,
      metadata: { thread_id: "thread-openai" },
    });
    // The client's own tool is declared (beside the MCP tools the browser runs through the route).
    expect(bodies[0].tools).toContainEqual(
      expect.objectContaining({
        type: "function",
        function: expect.objectContaining({ name: "get_weather" }),
      }),
    );
    expect(bodies[1].messages.map((m: { role: string }) => m.role)).toEqual([
      "user",
      "assistant",
      "tool",
    ]);

    const second = [...turn1.messages, userMessage("/reason")];
    const turn2 = await converse(app, second, "openai", "thread-openai", { fetch });
    expect(replyOf(turn2, second).map((m) => m.role)).toEqual(["reasoning", "assistant"]);
    expect(assistantText(replyOf(turn2, second))).toBe(reasonAnswerText);

    // The saved thread keeps every turn, reasoning included (OpenAI messages carry none).
    const stored: Message[] = await (
      await app.request("/api/threads/thread-openai/messages")
    ).json();
    expect(stored.map((m) => m.role)).toEqual([
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
    const response = await post(app, {
      model: "demo",
      stream: true,
      messages: [{ role: "user", content: "/tool Oslo" }],
    });
    const body = await response.clone().text();
    expect(body).not.toContain("tool_calls");
    expect(body).toContain('"finish_reason":"stop"');
    const { messages } = await decodeReply("openai", response, []);
    expect(messages.map((m) => m.role)).toEqual(["assistant"]);
    expect(assistantText(messages)).toBe(
      `Let me check the weather in Oslo.\n\n${weatherSentence(weatherFor("Oslo"))}`,
    );
  });
});
