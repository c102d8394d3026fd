import { describe, expect, it } from "vitest";
import { readOpenResponsesRequest } from "./openResponsesRequest";

const user = { role: "user", content: "/tool" };
const call = { type: "function_call", call_id: "call_1", name: "get_weather", arguments: "{}" };
const output = { type: "function_call_output", call_id: "call_1", output: "sunny" };
const approvalRequest = {
  type: "mcp_approval_request",
  id: "mcpr_1",
  server_label: "demo",
  name: "schedule_meeting",
  arguments: "{}",
};
const approvalResponse = {
  type: "mcp_approval_response",
  approval_request_id: "mcpr_1",
  approve: false,
  reason: "not now",
};
const request = (input: unknown, extra: object = {}) => ({
  model: "demo",
  stream: true,
  input,
  ...extra,
});

describe("readOpenResponsesRequest", () => {
  it("reads a valid request: the thread id from metadata, the declared function tools, the model", () => {
    const read = readOpenResponsesRequest(
      request([{ role: "system", content: "Be brief." }, user, call, output], {
        metadata: { thread_id: "thread-1" },
        tools: [
          { type: "web_search" },
          { type: "function", name: "get_weather", parameters: {}, strict: false },
        ],
        include: ["reasoning.encrypted_content"],
      }),
    );
    if ("message" in read) throw new Error(read.message);
    expect(read).toMatchObject({
      threadId: "thread-1",
      model: "demo",
      clientTools: ["get_weather"],
    });
    expect(read).not.toHaveProperty("approvals");
    const crayon = read.converter!.fromExternal(read.messages);
    expect(crayon.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool"]);
    expect(new Set(crayon.map((m) => m.id)).size).toBe(4);
  });

  it("reads text input as the user's message, and saves nothing without metadata.thread_id", () => {
    const read = readOpenResponsesRequest(request("Hello"));
    if ("message" in read) throw new Error(read.message);
    expect(read).not.toHaveProperty("threadId");
    expect(read.converter!.fromExternal(read.messages)).toMatchObject([
      { role: "user", content: "Hello" },
    ]);
  });

  it("takes the approval answers that end the input as answers, out of the thread", () => {
    const input = [{ role: "user", content: "/approve" }, approvalRequest, approvalResponse];
    const read = readOpenResponsesRequest(request(input));
    if ("message" in read) throw new Error(read.message);
    expect(read.messages).toEqual(input.slice(0, 2));
    expect(read.approvals).toEqual([{ approvalId: "mcpr_1", approved: false, reason: "not now" }]);
  });

  it("keeps an answer the conversation went on after in the thread", () => {
    const input = [user, approvalRequest, approvalResponse, { role: "user", content: "and?" }];
    const read = readOpenResponsesRequest(request(input));
    if ("message" in read) throw new Error(read.message);
    expect(read.messages).toEqual(input);
    expect(read).not.toHaveProperty("approvals");
  });

  it.each([
    ["a body that is not an object", "[]", null],
    ["no model", { stream: true, input: [user] }, "model"],
    ["a request that does not stream", { ...request([user]), stream: false }, "stream"],
    ["no input", request([]), "input"],
    ["input that is neither text nor items", request(3), "input"],
    [
      "previous_response_id",
      request([user], { previous_response_id: "resp_1" }),
      "previous_response_id",
    ],
    ["metadata that is not text", request([user], { metadata: { thread_id: 7 } }), "metadata"],
    ["an item that is not an object", request([user, null]), "input[1]"],
    ["an item of an unknown type", request([user, { type: "telepathy" }]), "input[1]"],
    ["a message with an unknown role", request([{ role: "robot", content: "hi" }]), "input[0]"],
    [
      "a function call without a call_id",
      request([user, { type: "function_call", name: "x" }]),
      "input[1]",
    ],
    ["a call output answering no call", request([user, output]), "input[1]"],
    ["a call left without its output", request([user, call]), "input[1]"],
    ["an approval answer to no request", request([user, approvalResponse]), "input[1]"],
    ["tools without a type", request([user], { tools: [{ name: "x" }] }), "tools"],
    ["a function tool without a name", request([user], { tools: [{ type: "function" }] }), "tools"],
  ])("rejects %s, naming the parameter", (_name, body, param) => {
    const read = readOpenResponsesRequest(body === "[]" ? [] : body);
    expect(read).toMatchObject({ param, message: expect.any(String) });
  });

  it("words a missing tool output as the Responses API does", () => {
    expect(readOpenResponsesRequest(request([user, call]))).toEqual({
      message: "No tool output found for function call call_1.",
      param: "input[1]",
    });
    expect(readOpenResponsesRequest(request([user, output]))).toEqual({
      message: "No tool call found for function call output with call_id call_1.",
      param: "input[1]",
    });
  });
});
