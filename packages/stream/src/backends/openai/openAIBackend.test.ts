import fc from "fast-check";
import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import { describe, expect, expectTypeOf, it } from "vitest";
import { collect, recordingFetch, responseFromChunks } from "../../../test/streams";
import { createMessageAccumulator } from "../../accumulator/messageAccumulator";
import type { InputContent, JSONValue, Message, ToolCall, UserMessage } from "../../message";
import {
  type OpenAIBackendOptions,
  type OpenAIChatRequest,
  type OpenAIFunctionTool,
  openAIBackend,
} from "./openAIBackend";

const BASE_URL = "http://localhost:8000/v1";

const backendOptions = (options: Partial<OpenAIBackendOptions> = {}): OpenAIBackendOptions => ({
  baseURL: BASE_URL,
  model: "qwen3",
  ...options,
});

/** Sends `request` through a backend made with `options`; returns what was POSTed. */
async function send(request: OpenAIChatRequest, options: Partial<OpenAIBackendOptions> = {}) {
  const { fetch, calls } = recordingFetch();
  await openAIBackend(backendOptions({ fetch, ...options })).processMessage(request);
  expect(calls).toHaveLength(1);
  const { url, init } = calls[0]!;
  return { url, init, body: JSON.parse(init.body as string) as Record<string, unknown> };
}

const { messageConverter } = openAIBackend(backendOptions());
const toExternal = (thread: Message[]) => messageConverter.toExternal(thread);

function chatRequest(
  thread: Message[],
  overrides: Partial<OpenAIChatRequest> = {},
): OpenAIChatRequest {
  return {
    threadId: "thread-1",
    runId: "run-1",
    messages: toExternal(thread),
    abortController: new AbortController(),
    trigger: "submit-message",
    state: undefined,
    tools: [],
    ...overrides,
  };
}

const user = (content: UserMessage["content"], id = "u1"): UserMessage => ({
  id,
  role: "user",
  content,
});

const call = (id: string, name = "lookup", args = "{}"): ToolCall => ({
  id,
  type: "function",
  function: { name, arguments: args },
});

// ─── A validator written from the Chat Completions API's rules ───

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The fields each role's message may have (`ChatCompletionMessageParam`: no others). */
const MESSAGE_FIELDS: Record<string, string[]> = {
  system: ["role", "content", "name"],
  developer: ["role", "content", "name"],
  user: ["role", "content", "name"],
  assistant: ["role", "content", "name", "tool_calls", "refusal", "audio", "function_call"],
  tool: ["role", "content", "tool_call_id"],
};

/** The problem with one content part, if any; `kinds` are the part types the role takes. */
function partProblem(part: unknown, kinds: string[]): string | undefined {
  if (!isObject(part) || typeof part.type !== "string" || !kinds.includes(part.type)) {
    return `a part of type ${isObject(part) ? part.type : typeof part} (allowed: ${kinds})`;
  }
  const extra = Object.keys(part).filter((key) => key !== "type" && key !== part.type);
  if (extra.length > 0) return `unknown part fields ${extra}`;
  const inner = part[part.type];
  switch (part.type) {
    case "text":
      return typeof inner === "string" ? undefined : "text that is not a string";
    case "refusal":
      return typeof inner === "string" ? undefined : "a refusal that is not a string";
    case "image_url":
      return isObject(inner) && typeof inner.url === "string" ? undefined : "an image without url";
    case "input_audio":
      return isObject(inner) &&
        typeof inner.data === "string" &&
        (inner.format === "wav" || inner.format === "mp3")
        ? undefined
        : "audio that is not base64 WAV or MP3";
    case "file":
      return isObject(inner) &&
        (typeof inner.file_data === "string" || typeof inner.file_id === "string")
        ? undefined
        : "a file without file_data or file_id";
  }
  return undefined;
}

/** The problem with a message's `content`: a string or a non-empty array of allowed parts. */
function contentProblem(content: unknown, kinds: string[]): string | undefined {
  if (typeof content === "string") return undefined;
  if (!Array.isArray(content)) return `content of type ${typeof content}`;
  if (content.length === 0) return "an empty content array";
  return content.map((part) => partProblem(part, kinds)).find(Boolean);
}

function toolCallProblem(toolCall: unknown): string | undefined {
  if (!isObject(toolCall) || typeof toolCall.id !== "string" || toolCall.id === "") {
    return "a tool call without an id";
  }
  const { type } = toolCall;
  const inner = type === "function" || type === "custom" ? toolCall[type] : undefined;
  if (!isObject(inner) || typeof inner.name !== "string") return `a tool call of type ${type}`;
  const input = type === "function" ? inner.arguments : inner.input;
  return typeof input === "string" ? undefined : "tool call arguments that are not a string";
}

/** The problem with one message's own shape (not its place in the conversation), if any. */
function messageProblem(message: unknown): string | undefined {
  if (!isObject(message) || typeof message.role !== "string") return "not a message";
  const fields = MESSAGE_FIELDS[message.role];
  if (!fields) return `role '${message.role}'`;
  const extra = Object.keys(message).filter((key) => !fields.includes(key));
  if (extra.length > 0) return `unknown fields ${extra}`;
  if ("name" in message && typeof message.name !== "string") return "a name that is not a string";
  const { content } = message;
  switch (message.role) {
    case "system":
    case "developer":
      return contentProblem(content, ["text"]);
    case "user":
      return contentProblem(content, ["text", "image_url", "input_audio", "file"]);
    case "tool":
      return typeof message.tool_call_id === "string"
        ? contentProblem(content, ["text"])
        : "a tool message without tool_call_id";
    default: {
      const toolCalls = message.tool_calls;
      if (toolCalls !== undefined) {
        // The API rejects `tool_calls: []` ("[] is too short").
        if (!Array.isArray(toolCalls) || toolCalls.length === 0) return "empty tool_calls";
        const problem = toolCalls.map(toolCallProblem).find(Boolean);
        if (problem) return problem;
      }
      if (content === null || content === undefined) {
        return toolCalls ? undefined : "an assistant message with neither content nor tool_calls";
      }
      return contentProblem(content, ["text", "refusal"]);
    }
  }
}

/**
 * What the Chat Completions API would reject in `messages`, one line per problem (none: the
 * request is valid). The rules: a non-empty list; every message in the closed shape of its role
 * (`ChatCompletionMessageParam`); and the two pairing rules the API answers with a 400 —
 * "messages with role 'tool' must be a response to a preceding message with 'tool_calls'", and
 * "an assistant message with 'tool_calls' must be followed by tool messages responding to each
 * 'tool_call_id'".
 */
function openAIMessageProblems(messages: unknown[]): string[] {
  const problems: string[] = [];
  if (messages.length === 0) problems.push("no messages");
  // The calls of the latest assistant message not answered yet, while its tool messages follow.
  let open = new Set<string>();
  const unanswered = (index: number) => {
    if (open.size > 0) problems.push(`messages[${index}]: no response for ${[...open]}`);
  };
  messages.forEach((message, index) => {
    const problem = messageProblem(message);
    if (problem) problems.push(`messages[${index}]: ${problem}`);
    if (!isObject(message)) return;
    if (message.role === "tool") {
      if (!open.delete(message.tool_call_id as string)) {
        problems.push(`messages[${index}]: a tool message answering no preceding tool call`);
      }
      return;
    }
    unanswered(index);
    open = new Set(
      message.role === "assistant" && Array.isArray(message.tool_calls)
        ? message.tool_calls.map((toolCall: { id: string }) => toolCall.id)
        : [],
    );
  });
  unanswered(messages.length);
  return problems;
}

describe("the validator", () => {
  // The validator is what the other tests lean on: it must catch what the API rejects.
  it("finds every kind of request the API rejects", () => {
    const calls = [{ id: "c1", type: "function", function: { name: "f", arguments: "{}" } }];
    const rejected: unknown[][] = [
      [],
      [{ role: "tool", tool_call_id: "c1", content: "orphan" }],
      [{ role: "assistant", content: null, tool_calls: calls }],
      [
        { role: "assistant", content: null, tool_calls: calls },
        { role: "user", content: "in between" },
        { role: "tool", tool_call_id: "c1", content: "late" },
      ],
      [
        { role: "assistant", content: null, tool_calls: calls },
        { role: "tool", tool_call_id: "c2", content: "wrong id" },
      ],
      [
        { role: "assistant", content: null, tool_calls: calls },
        { role: "tool", tool_call_id: "c1", content: "once" },
        { role: "tool", tool_call_id: "c1", content: "twice" },
      ],
      [{ role: "assistant", content: "x", tool_calls: [] }],
      [{ role: "assistant", content: null }],
      [{ role: "user", content: "hi", id: "u1" }],
      [{ role: "user", content: [] }],
      [{ role: "user", content: [{ type: "video", video: {} }] }],
      [
        {
          role: "user",
          content: [{ type: "input_audio", input_audio: { data: "x", format: "ogg" } }],
        },
      ],
      [{ role: "system", content: [{ type: "image_url", image_url: { url: "https://x" } }] }],
      [{ role: "tool", content: "no id" }],
      [{ role: "reasoning", content: "hmm" }],
    ];
    for (const messages of rejected) {
      expect(openAIMessageProblems(messages), JSON.stringify(messages)).not.toEqual([]);
    }
  });

  it("accepts a valid tool round trip", () => {
    expect(
      openAIMessageProblems([
        { role: "system", content: "Be brief." },
        { role: "user", content: [{ type: "text", text: "Weather?" }] },
        {
          role: "assistant",
          content: null,
          tool_calls: [
            { id: "c1", type: "function", function: { name: "f", arguments: "{}" } },
            { id: "c2", type: "custom", custom: { name: "g", input: "x" } },
          ],
        },
        { role: "tool", tool_call_id: "c2", content: "b" },
        { role: "tool", tool_call_id: "c1", content: [{ type: "text", text: "a" }] },
        { role: "assistant", content: "Sunny." },
      ]),
    ).toEqual([]);
  });
});

// ─── The request ───

describe("openAIBackend – the request", () => {
  const thread: Message[] = [
    { id: "s1", role: "system", content: "Be brief." },
    user("Weather in Oslo?"),
  ];

  it("POSTs JSON to <baseURL>/chat/completions, a trailing slash or not, with the abort signal", async () => {
    const request = chatRequest(thread);
    for (const baseURL of [BASE_URL, `${BASE_URL}/`]) {
      const { url, init } = await send(request, { baseURL });
      expect(url).toBe("http://localhost:8000/v1/chat/completions");
      expect(init).toMatchObject({
        method: "POST",
        headers: { "Content-Type": "application/json" },
      });
      expect(init.signal).toBe(request.abortController.signal);
    }
  });

  it("sends the model, the converted thread, stream: true and asks for usage", async () => {
    const request = chatRequest(thread);
    const { body } = await send(request, { model: "llama3.2" });
    // Typed as the openai package's request: the body is what `chat.completions.create` takes.
    const expected: ChatCompletionCreateParamsStreaming = {
      model: "llama3.2",
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Weather in Oslo?" },
      ],
      stream: true,
      stream_options: { include_usage: true },
    };
    expect(body).toEqual(expected);
    expect(body.messages).toEqual(request.messages);
  });

  it("adds Authorization: Bearer <apiKey> only when a key is given", async () => {
    const withKey = await send(chatRequest(thread), { apiKey: "sk-test" });
    expect(withKey.init.headers).toMatchObject({ Authorization: "Bearer sk-test" });
    const without = await send(chatRequest(thread));
    expect(without.init.headers).not.toHaveProperty("Authorization");
  });

  it("adds headers: an object, or an async function called for every request, winning over apiKey", async () => {
    const plain = await send(chatRequest(thread), {
      apiKey: "sk-test",
      headers: { "X-Team": "a" },
      credentials: "include",
    });
    expect(plain.init.headers).toMatchObject({ Authorization: "Bearer sk-test", "X-Team": "a" });
    expect(plain.init.credentials).toBe("include");

    let calls = 0;
    const { fetch, calls: requests } = recordingFetch();
    const backend = openAIBackend(
      backendOptions({
        fetch,
        apiKey: "sk-test",
        headers: async () => ({ Authorization: `Bearer token-${++calls}` }),
      }),
    );
    await backend.processMessage(chatRequest(thread));
    await backend.processMessage(chatRequest(thread));
    expect(requests.map(({ init }) => init.headers)).toMatchObject([
      { Authorization: "Bearer token-1" },
      { Authorization: "Bearer token-2" },
    ]);
  });

  it("merges the body option (object or async function of the request); its own fields win", async () => {
    const fixed = await send(chatRequest(thread), {
      body: { temperature: 0.2, model: "ignored", stream: false, messages: [] },
    });
    expect(fixed.body).toMatchObject({
      temperature: 0.2,
      model: "qwen3",
      stream: true,
      messages: toExternal(thread),
    });

    const seen: OpenAIChatRequest[] = [];
    const request = chatRequest(thread, { runId: "run-7" });
    const computed = await send(request, {
      body: async (r) => {
        seen.push(r);
        return { user: r.threadId, max_completion_tokens: 100 };
      },
    });
    expect(seen).toEqual([request]);
    expect(computed.body).toMatchObject({ user: "thread-1", max_completion_tokens: 100 });
  });

  it("declares the client's tools as function tools; parameters default to an empty object schema", async () => {
    const parameters = { type: "object", properties: { city: { type: "string" } } };
    const { body } = await send(
      chatRequest(thread, {
        tools: [
          { name: "weather", description: "The weather in a city", parameters },
          { name: "now" },
        ],
      }),
    );
    const expected: ChatCompletionTool[] = [
      {
        type: "function",
        function: { name: "weather", description: "The weather in a city", parameters },
      },
      {
        type: "function",
        function: { name: "now", parameters: { type: "object", properties: {} } },
      },
    ];
    expect(body.tools).toStrictEqual(expected);
  });

  it("sends no tools field without tools (the API rejects an empty list); the body option's tools then stay", async () => {
    const { body } = await send(chatRequest(thread));
    expect(body).not.toHaveProperty("tools");
    const serverTools = [{ type: "function", function: { name: "search", parameters: {} } }];
    const kept = await send(chatRequest(thread), { body: { tools: serverTools } });
    expect(kept.body.tools).toEqual(serverTools);
    const replaced = await send(chatRequest(thread, { tools: [{ name: "now" }] }), {
      body: { tools: serverTools },
    });
    expect(replaced.body.tools).toMatchObject([{ function: { name: "now" } }]);
  });

  it("aborting the request's controller aborts the fetch", async () => {
    const request = chatRequest(thread);
    const { init } = await send(request);
    request.abortController.abort();
    expect(init.signal?.aborted).toBe(true);
  });

  it("passes the converter options on", () => {
    const { messageConverter: plain } = openAIBackend(
      backendOptions({ converter: { includeContext: false, generateId: (_m, i) => `id-${i}` } }),
    );
    expect(plain.toExternal([{ ...user("hi"), context: [{ page: 1 }] }])).toEqual([
      { role: "user", content: "hi" },
    ]);
    expect(plain.fromExternal([{ role: "user", content: "hi" }])).toEqual([user("hi", "id-0")]);
  });

  it("has types the openai package accepts", () => {
    const messages: ChatCompletionMessageParam[] = toExternal(thread);
    expect(messages).toHaveLength(2);
    expectTypeOf(messageConverter.toExternal).returns.toExtend<ChatCompletionMessageParam[]>();
    expectTypeOf<OpenAIFunctionTool[]>().toExtend<ChatCompletionTool[]>();
  });
});

// ─── What is sent always passes the API's rules ───

describe("openAIBackend – the messages sent pass the API's rules", () => {
  const expectValid = (thread: Message[]) => {
    const sent = toExternal(thread);
    expect(openAIMessageProblems(sent), JSON.stringify(sent)).toEqual([]);
    return sent;
  };

  it("for a stopped reply whose tool call was never answered", () => {
    const sent = expectValid([
      user("Book a table"),
      {
        id: "a1",
        role: "assistant",
        content: "Let me check.",
        toolCalls: [call("c1", "book", '{"time":')],
        status: "stopped",
      },
      user("Never mind", "u2"),
    ]);
    expect(sent.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
  });

  it("for a tool result whose call is gone, or comes after other messages", () => {
    expectValid([
      { id: "t0", role: "tool", toolCallId: "c0", content: "orphan" },
      user("Hi"),
      { id: "a1", role: "assistant", toolCalls: [call("c1"), call("c2")] },
      user("Hurry", "u2"),
      { id: "t1", role: "tool", toolCallId: "c1", content: "one" },
      { id: "t3", role: "tool", toolCallId: "c3", content: "unknown call" },
      { id: "t1b", role: "tool", toolCallId: "c1", content: "twice" },
    ]);
  });

  it("for a reply waiting for approval, answered with a user message", () => {
    expectValid([
      user("Delete the file"),
      {
        id: "a1",
        role: "assistant",
        content: "",
        toolCalls: [{ ...call("c1", "delete"), metadata: { approvalId: "p1" } }],
        status: "awaiting_input",
      },
      { ...user("Approved.", "u2"), isVisuallyHidden: true, context: [{ approved: true }] },
    ]);
  });

  it("for a rich thread: media, context, custom tool calls, reasoning and activities", () => {
    const sent = expectValid([
      { id: "s", role: "developer", content: "Use tools." },
      {
        id: "u1",
        role: "user",
        content: [
          { type: "text", text: "What is this?" },
          { type: "image", source: { type: "url", value: "https://a.example/x.png" } },
          { type: "video", source: { type: "url", value: "https://a.example/x.mp4" } },
        ],
        context: [{ page: "/home" }],
      },
      { id: "r1", role: "reasoning", content: "Look it up." },
      {
        id: "a1",
        role: "assistant",
        toolCalls: [{ ...call("c1", "sql", "SELECT 1"), metadata: { openAIToolType: "custom" } }],
      },
      { id: "p1", role: "activity", activityType: "progress", content: {} },
      { id: "t1", role: "tool", toolCallId: "c1", content: [], error: "timeout" },
      { id: "a2", role: "assistant", content: "A cat." },
    ]);
    expect(sent.map((m) => m.role)).toEqual([
      "developer",
      "user",
      "assistant",
      "tool",
      "assistant",
    ]);
  });

  // Arbitrary threads: calls and results drawn from a few ids, so that results answer calls
  // before, after or far from them, twice or never, and ids repeat across replies.
  const callId = fc.constantFrom("call_0", "call_1", "call_2");
  const text = fc.string({ maxLength: 8 });
  const part: fc.Arbitrary<InputContent> = fc.oneof(
    text.map((t) => ({ type: "text" as const, text: t })),
    fc.constantFrom<InputContent>(
      { type: "image", source: { type: "url", value: "https://a.example/x.png" } },
      { type: "audio", source: { type: "data", value: "UklGRg==", mimeType: "audio/wav" } },
      { type: "audio", source: { type: "url", value: "https://a.example/x.ogg" } },
      { type: "video", source: { type: "url", value: "https://a.example/x.mp4" } },
      { type: "document", source: { type: "data", value: "JVBE", mimeType: "application/pdf" } },
      { type: "document", source: { type: "file", value: "file-1", provider: "anthropic" } },
    ),
  );
  const content = fc.oneof(text, fc.array(part, { maxLength: 3 }));
  const json = fc.jsonValue({ maxDepth: 1 }).map((v) => v as JSONValue);
  const context = fc.option(fc.array(json, { maxLength: 2 }), { nil: undefined });
  const anyToolCall: fc.Arbitrary<ToolCall> = fc
    .record({ id: callId, name: fc.constantFrom("f", "g"), custom: fc.boolean() })
    .map(({ id, name, custom }) => ({
      ...call(id, name),
      ...(custom && { metadata: { openAIToolType: "custom" } }),
    }));
  const anyMessage: fc.Arbitrary<Message> = fc.oneof(
    fc.record({ id: fc.constant("u"), role: fc.constant("user" as const), content, context }),
    fc.record({
      id: fc.constant("s"),
      role: fc.constantFrom("system" as const, "developer" as const),
      content: text,
    }),
    fc.record({
      id: fc.constant("a"),
      role: fc.constant("assistant" as const),
      content: fc.option(text, { nil: undefined }),
      toolCalls: fc.option(fc.array(anyToolCall, { maxLength: 3 }), { nil: undefined }),
      status: fc.constantFrom(
        "complete" as const,
        "stopped" as const,
        "error" as const,
        "awaiting_input" as const,
      ),
      context,
    }),
    fc.record({
      id: fc.constant("t"),
      role: fc.constant("tool" as const),
      toolCallId: fc.oneof(callId, fc.constant("gone")),
      content,
      error: fc.option(text, { nil: undefined }),
    }),
    fc.record({ id: fc.constant("r"), role: fc.constant("reasoning" as const), content: text }),
    fc.record({
      id: fc.constant("p"),
      role: fc.constant("activity" as const),
      activityType: fc.constant("progress"),
      content: fc.constant({}),
    }),
  );

  it("property: for any thread ending in a user message or tool results", () => {
    const ending = fc.oneof(
      fc.constant<Message[]>([user("Go on", "last")]),
      fc.constant<Message[]>([
        { id: "a-last", role: "assistant", toolCalls: [call("call_9")] },
        { id: "t-last", role: "tool", toolCallId: "call_9", content: "ok" },
      ]),
    );
    fc.assert(
      fc.property(fc.array(anyMessage, { maxLength: 12 }), ending, (start, end) => {
        expectValid([...start, ...end]);
      }),
      { numRuns: 500 },
    );
  });

  /** A conversation OpenAI can take as it is: every call answered right after it. */
  type Turn = (nextCallId: () => string) => Message[];
  const userTurn: fc.Arbitrary<Turn> = text.map((t) => () => [user(t || "…")]);
  const toolTurn: fc.Arbitrary<Turn> = fc
    .record({
      content: fc.option(text, { nil: undefined }),
      names: fc.array(fc.constantFrom("f", "g"), { minLength: 1, maxLength: 3 }),
      reversed: fc.boolean(),
      reasoningBetween: fc.boolean(),
    })
    .map(({ content, names, reversed, reasoningBetween }) => (nextCallId) => {
      const calls = names.map((name) => call(nextCallId(), name));
      const results: Message[] = calls.map((c) => ({
        id: `t-${c.id}`,
        role: "tool",
        toolCallId: c.id,
        content: `result of ${c.id}`,
      }));
      if (reversed) results.reverse();
      return [
        { id: "a", role: "assistant", content, toolCalls: calls },
        // Not sent, so it does not break the pairing.
        ...(reasoningBetween ? [{ id: "r", role: "reasoning", content: "…" } as Message] : []),
        ...results,
      ];
    });
  const textTurn: fc.Arbitrary<Turn> = text.map((t) => () => [
    { id: "a", role: "assistant", content: t || "…" },
  ]);
  const conversation = fc
    .array(fc.oneof(userTurn, toolTurn, textTurn), { maxLength: 6 })
    .map((turns) => {
      let n = 0;
      return turns.flatMap((turn) => turn(() => `call_${n++}`));
    });

  it("property: calls never answered and results of no call are left out, the rest is sent as it is", () => {
    fc.assert(
      fc.property(
        conversation,
        fc.array(fc.nat(), { maxLength: 3 }),
        fc.array(fc.boolean(), { maxLength: 6 }),
        (clean, orphanAt, addLostCall) => {
          // The same conversation with what a real thread may hold on top: results whose call
          // is gone, and calls that were never answered (stopped replies).
          const noisy = clean.map((message, index) =>
            message.role === "assistant" && addLostCall[index % 6]
              ? { ...message, toolCalls: [...(message.toolCalls ?? []), call(`lost_${index}`)] }
              : message,
          );
          orphanAt.forEach((at, k) => {
            const orphan: Message = {
              id: `o${k}`,
              role: "tool",
              toolCallId: `gone_${k}`,
              content: "x",
            };
            noisy.splice(at % (noisy.length + 1), 0, orphan);
          });
          const sent = toExternal([...noisy, user("Next", "last")]);
          expect(openAIMessageProblems(sent)).toEqual([]);
          expect(sent).toEqual(toExternal([...clean, user("Next", "last")]));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("property: a conversation OpenAI can take is sent message for message", () => {
    fc.assert(
      fc.property(conversation, (clean) => {
        const sent = toExternal(clean);
        expect(openAIMessageProblems([...sent, { role: "user", content: "x" }])).toEqual([]);
        // Every call and every result, in the order of the thread.
        const toolMessages = clean.filter((m) => m.role === "tool");
        expect(sent.filter((m) => m.role === "tool").map((m) => m.tool_call_id)).toEqual(
          toolMessages.map((m) => m.toolCallId),
        );
        const callIds = clean.flatMap((m) =>
          m.role === "assistant" ? (m.toolCalls ?? []).map((c) => c.id) : [],
        );
        expect(
          sent
            .flatMap((m) => (m.role === "assistant" ? (m.tool_calls ?? []) : []))
            .map((c) => c.id),
        ).toEqual(callIds);
      }),
      { numRuns: 200 },
    );
  });
});

// ─── A reply streamed through the backend ───

describe("openAIBackend – a streamed reply", () => {
  const ID = "chatcmpl-7";
  const chunk = (
    delta: ChatCompletionChunk.Choice.Delta,
    finish_reason: ChatCompletionChunk.Choice["finish_reason"] = null,
  ): ChatCompletionChunk => ({
    id: ID,
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model: "qwen3",
    choices: [{ index: 0, delta, finish_reason, logprobs: null }],
  });
  const usageChunk: ChatCompletionChunk = {
    id: ID,
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model: "qwen3",
    choices: [],
    usage: { prompt_tokens: 20, completion_tokens: 9, total_tokens: 29 },
  };
  /** A server's response: each chunk as an SSE `data:` frame, then `data: [DONE]`. */
  const serverResponse = (chunks: ChatCompletionChunk[]) =>
    responseFromChunks(
      [...chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`), "data: [DONE]\n\n"],
      { headers: { "Content-Type": "text/event-stream" } },
    );

  it("reads text and a tool call into the thread, and the next request sends them back validly", async () => {
    const { fetch, calls } = recordingFetch(() =>
      serverResponse([
        chunk({ role: "assistant", content: "" }),
        chunk({ content: "Checking " }),
        chunk({ content: "Oslo." }),
        chunk({
          tool_calls: [
            {
              index: 0,
              id: "call_abc",
              type: "function",
              function: { name: "weather", arguments: "" },
            },
          ],
        }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: '"Oslo"}' } }] }),
        chunk({}, "tool_calls"),
        usageChunk,
      ]),
    );
    const backend = openAIBackend(backendOptions({ fetch }));
    const question = user("Weather in Oslo?");
    const response = await backend.processMessage(
      chatRequest([question], { tools: [{ name: "weather" }] }),
    );

    const events = await collect(backend.streamProtocol.parse(response));
    expect(events.at(-1)).toMatchObject({
      type: "run-finish",
      usage: { prompt_tokens: 20, completion_tokens: 9, total_tokens: 29 },
    });
    const accumulator = createMessageAccumulator({ messages: [question] });
    for (const event of events) accumulator.apply(event);
    accumulator.finish();
    const thread = accumulator.getMessages();
    expect(thread.at(-1)).toMatchObject({
      id: ID,
      role: "assistant",
      content: "Checking Oslo.",
      toolCalls: [{ id: "call_abc", function: { name: "weather", arguments: '{"city":"Oslo"}' } }],
    });

    // The client runs the tool and sends its result: the reply goes back as OpenAI sent it.
    const result: Message = { id: "t1", role: "tool", toolCallId: "call_abc", content: "-3°C" };
    await backend.processMessage(chatRequest([...thread, result], { trigger: "tool-result" }));
    const sent = JSON.parse(calls[1]!.init.body as string).messages;
    expect(openAIMessageProblems(sent)).toEqual([]);
    expect(sent.slice(1)).toEqual([
      {
        role: "assistant",
        content: "Checking Oslo.",
        tool_calls: [
          {
            id: "call_abc",
            type: "function",
            function: { name: "weather", arguments: '{"city":"Oslo"}' },
          },
        ],
      },
      { role: "tool", tool_call_id: "call_abc", content: "-3°C" },
    ]);
  });

  it("reports the server's error response through the adapter", async () => {
    const { fetch } = recordingFetch(
      () =>
        new Response(
          JSON.stringify({ error: { message: "Invalid model", type: "invalid_request_error" } }),
          {
            status: 400,
            headers: { "Content-Type": "application/json" },
          },
        ),
    );
    const backend = openAIBackend(backendOptions({ fetch }));
    const response = await backend.processMessage(chatRequest([user("hi")]));
    const events = await collect(backend.streamProtocol.parse(response));
    expect(events).toContainEqual(
      expect.objectContaining({ type: "error", code: "http_error", status: 400 }),
    );
  });
});

describe("openAIBackend resume", () => {
  it("is off by default (OpenAI's API cannot resume a stream) and on with resume: true", async () => {
    expect(
      openAIBackend({ baseURL: "https://api.example/v1", model: "m" }).resumeStream,
    ).toBeUndefined();
    const calls: string[] = [];
    const fetch = (async (url: string, init: RequestInit) => {
      calls.push(`${init.method} ${url}`);
      return new Response(null, { status: 204 });
    }) as unknown as typeof globalThis.fetch;
    const backend = openAIBackend({ baseURL: "/api/openai", model: "m", resume: true, fetch });
    const signal = new AbortController().signal;
    expect(await backend.resumeStream!({ threadId: "t1", position: 3, signal })).toBeNull();
    await backend.stopStream!({ threadId: "t1" });
    expect(calls).toEqual([
      "GET /api/openai/chat/completions/t1/stream?position=3",
      "DELETE /api/openai/chat/completions/t1/stream",
    ]);
  });
});
