import type { AssistantMessage, CrayonStreamEvent, ReasoningMessage } from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import { decodeReply } from "../testSupport/decodedReply";
import { openAIEncoder } from "./openAIEncoder";

async function* from(events: CrayonStreamEvent[]): AsyncGenerator<CrayonStreamEvent> {
  yield* events;
}

const run = { threadId: "thread-1", runId: "run-1", model: "demo-model" };

/** The `data:` payloads of an SSE body, parsed (except `[DONE]`). */
async function frames(response: Response): Promise<any[]> {
  const body = await response.text();
  return body
    .split("\n\n")
    .filter(Boolean)
    .map((frame) => frame.replace(/^data: /, ""))
    .map((data) => (data === "[DONE]" ? data : JSON.parse(data)));
}

const deltas = (chunks: any[]) =>
  chunks.filter((c) => c !== "[DONE]" && c.choices).map((c) => c.choices[0].delta);

const call = (id: string, name = "lookup"): CrayonStreamEvent[] => [
  { type: "tool-call-start", toolCallId: id, toolCallName: name },
  { type: "tool-call-args", toolCallId: id, delta: '{"q":' },
  { type: "tool-call-args", toolCallId: id, delta: '"x"}' },
  { type: "tool-call-end", toolCallId: id },
];

describe("the openai encoder", () => {
  it("writes one completion: chunks of the run's id and the model, then [DONE]", async () => {
    const chunks = await frames(
      openAIEncoder(
        from([
          { type: "message-start", messageId: "m1" },
          { type: "text-delta", text: "Hello", messageId: "m1" },
          { type: "message-end", messageId: "m1" },
          { type: "run-finish" },
        ]),
        run,
      ),
    );
    expect(chunks.at(-1)).toBe("[DONE]");
    const completion = chunks.slice(0, -1);
    for (const chunk of completion) {
      expect(chunk).toMatchObject({
        id: "chatcmpl-run-1",
        object: "chat.completion.chunk",
        model: "demo-model",
      });
    }
    expect(completion.map((c) => c.choices[0])).toEqual([
      { index: 0, delta: { role: "assistant", content: "Hello" }, finish_reason: null },
      { index: 0, delta: {}, finish_reason: "stop" },
    ]);
  });

  it("joins several messages into one, a blank line apart, with reasoning as reasoning_content", async () => {
    const response = openAIEncoder(
      from([
        { type: "reasoning-start", messageId: "r1" },
        { type: "reasoning-delta", text: "Thinking.", messageId: "r1" },
        { type: "reasoning-end", messageId: "r1" },
        { type: "message-start", messageId: "m1" },
        { type: "text-delta", text: "One.", messageId: "m1" },
        { type: "message-end", messageId: "m1" },
        { type: "message-start", messageId: "m2" },
        { type: "text-delta", text: "Two.", messageId: "m2" },
        { type: "message-end", messageId: "m2" },
      ]),
      run,
    );
    const { messages } = await decodeReply("openai", response, []);
    expect(messages.map((m) => m.role)).toEqual(["reasoning", "assistant"]);
    expect((messages[0] as ReasoningMessage).content).toBe("Thinking.");
    expect(messages[1]).toMatchObject({ content: "One.\n\nTwo.", status: "complete" });
  });

  it("leaves out a tool call the server answered itself, with its result", async () => {
    const response = openAIEncoder(
      from([
        { type: "text-delta", text: "Checking.", messageId: "m1" },
        ...call("call-1"),
        { type: "message-end", messageId: "m1" },
        { type: "tool-call-result", toolCallId: "call-1", content: "found" },
        { type: "message-start", messageId: "m2" },
        { type: "text-delta", text: "Found it.", messageId: "m2" },
      ]),
      run,
    );
    const chunks = await frames(response.clone());
    expect(JSON.stringify(chunks)).not.toContain("tool_calls");
    expect(chunks.at(-2).choices[0].finish_reason).toBe("stop");
    const { messages } = await decodeReply("openai", response, []);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ content: "Checking.\n\nFound it." });
  });

  it("sends a call left for the client, its arguments in pieces, ending with tool_calls", async () => {
    const response = openAIEncoder(
      from([
        { type: "text-delta", text: "Let me look.", messageId: "m1" },
        ...call("call-1"),
        { type: "message-end", messageId: "m1" },
        { type: "run-finish" },
      ]),
      run,
    );
    const chunks = await frames(response.clone());
    expect(deltas(chunks)).toEqual([
      { role: "assistant", content: "Let me look." },
      {
        tool_calls: [
          { index: 0, id: "call-1", type: "function", function: { name: "lookup", arguments: "" } },
        ],
      },
      { tool_calls: [{ index: 0, function: { arguments: '{"q":' } }] },
      { tool_calls: [{ index: 0, function: { arguments: '"x"}' } }] },
      {},
    ]);
    expect(chunks.at(-2).choices[0].finish_reason).toBe("tool_calls");
    const { messages } = await decodeReply("openai", response, []);
    expect((messages[0] as AssistantMessage).toolCalls).toMatchObject([
      { id: "call-1", function: { name: "lookup", arguments: '{"q":"x"}' } },
    ]);
  });

  it("drops a call that waits for approval and says why instead", async () => {
    const response = openAIEncoder(
      from([
        { type: "text-delta", text: "May I?", messageId: "m1" },
        ...call("call-1", "schedule_meeting"),
        { type: "tool-approval-request", toolCallId: "call-1", approvalId: "approval-1" },
        { type: "status-update", status: "awaiting_input", messageId: "m1" },
        { type: "message-end", messageId: "m1" },
        { type: "run-finish", outcome: "interrupt" },
      ]),
      run,
    );
    const { messages } = await decodeReply("openai", response, []);
    const [answer] = messages as AssistantMessage[];
    expect(answer?.toolCalls ?? []).toEqual([]);
    expect(answer?.content).toMatch(
      /^May I\?\n\n_This step needs your approval, which this protocol cannot carry/,
    );
    expect(answer?.status).toBe("complete");
  });

  it("ends a failed reply with OpenAI's error object and no [DONE], without a half-made call", async () => {
    const response = openAIEncoder(
      from([
        { type: "text-delta", text: "Partial", messageId: "m1" },
        ...call("call-1"),
        { type: "error", code: "server_error", error: "Boom" },
        { type: "run-finish" },
      ]),
      run,
    );
    const chunks = await frames(response.clone());
    expect(chunks).not.toContain("[DONE]");
    expect(chunks.at(-1)).toEqual({
      error: { message: "Boom", type: "server_error", param: null, code: null },
    });
    expect(JSON.stringify(chunks)).not.toContain("tool_calls");
    const { messages } = await decodeReply("openai", response, []);
    expect(messages[0]).toMatchObject({ content: "Partial", status: "error", error: "Boom" });
  });
});
