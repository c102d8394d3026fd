import { describe, expect, it } from "vitest";
import { readOpenAIRequest } from "./openAIRequest";

const user = { role: "user", content: "/tool" };
const callingAssistant = {
  role: "assistant",
  content: "Let me check.",
  tool_calls: [
    { id: "call_1", type: "function", function: { name: "get_weather", arguments: "{}" } },
  ],
};
const toolAnswer = { role: "tool", tool_call_id: "call_1", content: "sunny" };
const request = (messages: unknown[], extra: object = {}) => ({
  model: "demo",
  stream: true,
  messages,
  ...extra,
});

describe("readOpenAIRequest", () => {
  it("reads a valid request: the thread id from metadata, the declared tools, the model", () => {
    const read = readOpenAIRequest(
      request([{ role: "system", content: "Be brief." }, user, callingAssistant, toolAnswer], {
        metadata: { thread_id: "thread-1" },
        tools: [{ type: "function", function: { name: "get_weather", parameters: {} } }],
      }),
    );
    if ("message" in read) throw new Error(read.message);
    expect(read).toMatchObject({
      threadId: "thread-1",
      model: "demo",
      clientTools: ["get_weather"],
    });
    const crayon = read.converter!.fromExternal(read.messages);
    expect(crayon.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool"]);
    expect(new Set(crayon.map((m) => m.id)).size).toBe(4);
  });

  it("saves nothing without metadata.thread_id", () => {
    const read = readOpenAIRequest(request([user]));
    expect(read).not.toHaveProperty("threadId");
  });

  it.each([
    ["a body that is not an object", "[]", null],
    ["no model", { stream: true, messages: [user] }, "model"],
    ["no messages", request([]), "messages"],
    ["a request that does not stream", { ...request([user]), stream: false }, "stream"],
    ["an unknown role", request([{ role: "robot", content: "hi" }]), "messages.[0].role"],
    [
      "user content that is not text or parts",
      request([{ role: "user", content: 3 }]),
      "messages.[0].content",
    ],
    [
      "content parts that are null or an image without its url",
      request([{ role: "user", content: [null, { type: "image_url" }] }]),
      "messages.[0].content",
    ],
    [
      "a tool message answering no call",
      request([user, { role: "tool", tool_call_id: "call_9", content: "x" }]),
      "messages.[1].tool_call_id",
    ],
    [
      "a tool message answering a call twice",
      request([user, callingAssistant, toolAnswer, toolAnswer]),
      "messages.[3].tool_call_id",
    ],
    [
      "a tool call left unanswered before the next message",
      request([user, callingAssistant, { role: "user", content: "and?" }]),
      "messages.[2]",
    ],
    ["a tool call left unanswered at the end", request([user, callingAssistant]), "messages"],
    [
      "an assistant message with neither content nor calls",
      request([user, { role: "assistant", content: null }]),
      "messages.[1]",
    ],
    [
      "a malformed tool call",
      request([user, { role: "assistant", tool_calls: [{ id: "c", type: "function" }] }]),
      "messages.[1].tool_calls.[0]",
    ],
    ["tools that are not functions", request([user], { tools: [{ type: "web" }] }), "tools"],
  ])("rejects %s, naming the parameter", (_name, body, param) => {
    const read = readOpenAIRequest(body === "[]" ? [] : body);
    expect(read).toMatchObject({ param, message: expect.any(String) });
  });

  it("words an unanswered call as the OpenAI API does", () => {
    const read = readOpenAIRequest(request([user, callingAssistant, user]));
    expect(read).toMatchObject({
      message: expect.stringMatching(
        /^An assistant message with 'tool_calls' must be followed by tool messages .*: call_1$/,
      ),
    });
  });
});
