import fc from "fast-check";
import type {
  ChatCompletionMessage,
  ChatCompletionMessageParam,
} from "openai/resources/chat/completions";
import { describe, expect, expectTypeOf, it } from "vitest";
import type {
  AssistantMessage,
  InputContent,
  JSONValue,
  Message,
  ToolCall,
  UserMessage,
} from "../../message";
import { type OpenAIChatMessage, openAIMessageConverter } from "./openAIMessageConverter";

const converter = openAIMessageConverter();
const toExternal = (messages: Message[]) => converter.toExternal(messages);
const fromExternal = (messages: unknown[]) =>
  converter.fromExternal(messages as OpenAIChatMessage[]);

const user = (content: UserMessage["content"], extra: Partial<UserMessage> = {}): UserMessage => ({
  id: "u",
  role: "user",
  content,
  ...extra,
});

const call = (id: string, name: string, args = "{}"): ToolCall => ({
  id,
  type: "function",
  function: { name, arguments: args },
});

const PNG = "iVBORw0KGgo=";
const PDF = "JVBERi0xLjQ=";
const WAV = "UklGRiQAAABXQVZF";

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

describe("types", () => {
  it("produces messages the openai SDK accepts, and accepts what it produces", () => {
    const messages: Message[] = [user("hi")];
    // Compile-time proof: assignable to the SDK's request type.
    const out: ChatCompletionMessageParam[] = openAIMessageConverter().toExternal(messages);
    expect(out).toEqual([{ role: "user", content: "hi" }]);

    expectTypeOf<OpenAIChatMessage>().toExtend<ChatCompletionMessageParam>();
    // Request messages and completion results can be loaded without casts.
    expectTypeOf<ChatCompletionMessageParam>().toExtend<OpenAIChatMessage>();
    expectTypeOf<ChatCompletionMessage>().toExtend<OpenAIChatMessage>();
    const params: ChatCompletionMessageParam[] = [{ role: "user", content: "hi" }];
    expect(openAIMessageConverter().fromExternal(params)).toEqual([
      { id: "msg-0", role: "user", content: "hi" },
    ]);
  });
});

describe("toExternal", () => {
  it("maps system, developer and user text messages, keeping names", () => {
    expect(
      toExternal([
        { id: "1", role: "system", content: "Be brief.", name: "rules" },
        { id: "2", role: "developer", content: "Use tools." },
        { id: "3", role: "user", content: "Hello", name: "ada" },
      ]),
    ).toStrictEqual([
      { role: "system", content: "Be brief.", name: "rules" },
      { role: "developer", content: "Use tools." },
      { role: "user", content: "Hello", name: "ada" },
    ]);
  });

  it("sends only OpenAI fields: no ids, UI flags, metadata or status", () => {
    const out = toExternal([
      {
        id: "1",
        role: "user",
        content: "hi",
        isVisuallyHidden: true,
        metadata: { a: 1 },
        encryptedValue: "x",
        subagentRunId: "r",
      },
      {
        id: "2",
        role: "assistant",
        content: "hello",
        status: "complete",
        sources: [{ id: "s", kind: "url", url: "https://a.example" }],
        files: [{ url: "https://a.example/f.png", mediaType: "image/png" }],
        toolCalls: [{ ...call("c1", "f"), encryptedValue: "e", metadata: { m: 1 } }],
      },
      { id: "3", role: "tool", toolCallId: "c1", content: "ok", metadata: { m: 2 } },
    ]);
    expect(out).toStrictEqual([
      { role: "user", content: "hi" },
      {
        role: "assistant",
        content: "hello",
        tool_calls: [{ id: "c1", type: "function", function: { name: "f", arguments: "{}" } }],
      },
      { role: "tool", tool_call_id: "c1", content: "ok" },
    ]);
  });

  it("sends visually hidden messages (hidden from the UI, not from the model)", () => {
    expect(toExternal([user("secret", { isVisuallyHidden: true })])).toEqual([
      { role: "user", content: "secret" },
    ]);
  });

  it("leaves out reasoning, activity and unknown roles", () => {
    expect(
      toExternal([
        { id: "r", role: "reasoning", content: "thinking", isThinking: false },
        { id: "a", role: "activity", activityType: "PLAN", content: { steps: [] } },
        { id: "x", role: "narrator", content: "?" } as unknown as Message,
        user("after"),
      ]),
    ).toEqual([{ role: "user", content: "after" }]);
  });

  describe("user content parts", () => {
    const one = (part: InputContent) => {
      const [message] = toExternal([user([part])]);
      return message?.content;
    };

    it("maps text and images (inline data becomes a data: URL)", () => {
      expect(
        toExternal([
          user([
            { type: "text", text: "What is this?" },
            { type: "image", source: { type: "data", value: PNG, mimeType: "image/png" } },
            { type: "image", source: { type: "url", value: "https://a.example/cat.jpg" } },
          ]),
        ]),
      ).toStrictEqual([
        {
          role: "user",
          content: [
            { type: "text", text: "What is this?" },
            { type: "image_url", image_url: { url: `data:image/png;base64,${PNG}` } },
            { type: "image_url", image_url: { url: "https://a.example/cat.jpg" } },
          ],
        },
      ]);
    });

    it("maps inline WAV and MP3 audio to input_audio", () => {
      expect(
        one({ type: "audio", source: { type: "data", value: WAV, mimeType: "audio/wav" } }),
      ).toEqual([{ type: "input_audio", input_audio: { data: WAV, format: "wav" } }]);
      expect(
        one({ type: "audio", source: { type: "data", value: "AAA", mimeType: "audio/mpeg" } }),
      ).toEqual([{ type: "input_audio", input_audio: { data: "AAA", format: "mp3" } }]);
      expect(
        one({ type: "audio", source: { type: "url", value: `data:audio/x-wav;base64,${WAV}` } }),
      ).toEqual([{ type: "input_audio", input_audio: { data: WAV, format: "wav" } }]);
    });

    it("maps documents to file parts: inline data as file_data, provider files as file_id", () => {
      expect(
        one({
          type: "document",
          source: { type: "data", value: PDF, mimeType: "application/pdf" },
          filename: "report.pdf",
        }),
      ).toEqual([
        {
          type: "file",
          file: { file_data: `data:application/pdf;base64,${PDF}`, filename: "report.pdf" },
        },
      ]);
      // OpenAI requires a filename with file_data.
      expect(
        one({ type: "document", source: { type: "url", value: `data:text/plain;base64,aGk=` } }),
      ).toEqual([
        { type: "file", file: { file_data: "data:text/plain;base64,aGk=", filename: "file" } },
      ]);
      expect(one({ type: "document", source: { type: "file", value: "file-123" } })).toEqual([
        { type: "file", file: { file_id: "file-123" } },
      ]);
      expect(
        one({ type: "image", source: { type: "file", value: "file-9", provider: "openai" } }),
      ).toEqual([{ type: "file", file: { file_id: "file-9" } }]);
    });

    it("drops parts OpenAI cannot take, keeping the rest of the message", () => {
      const dropped: InputContent[] = [
        { type: "video", source: { type: "data", value: "AAA", mimeType: "video/mp4" } },
        { type: "video", source: { type: "url", value: "https://a.example/v.mp4" } },
        { type: "audio", source: { type: "url", value: "https://a.example/a.wav" } },
        { type: "audio", source: { type: "data", value: "AAA", mimeType: "audio/ogg" } },
        { type: "document", source: { type: "url", value: "https://a.example/a.pdf" } },
        { type: "document", source: { type: "file", value: "f", provider: "anthropic" } },
        { type: "image", source: { type: "url", value: "" } },
      ];
      for (const part of dropped) expect(one(part), JSON.stringify(part)).toBe("");
      expect(toExternal([user([{ type: "text", text: "see" }, ...dropped])])).toEqual([
        { role: "user", content: [{ type: "text", text: "see" }] },
      ]);
    });

    it("accepts the legacy binary part", () => {
      expect(
        toExternal([
          user([
            { type: "binary", mimeType: "image/png", data: PNG },
            { type: "binary", mimeType: "image/jpeg", url: "https://a.example/b.jpg" },
            { type: "binary", mimeType: "audio/wav", data: WAV },
            { type: "binary", mimeType: "application/pdf", data: PDF, filename: "a.pdf" },
            { type: "binary", mimeType: "video/mp4", data: "AAA" },
            { type: "binary", mimeType: "image/png" },
          ]),
        ]),
      ).toEqual([
        {
          role: "user",
          content: [
            { type: "image_url", image_url: { url: `data:image/png;base64,${PNG}` } },
            { type: "image_url", image_url: { url: "https://a.example/b.jpg" } },
            { type: "input_audio", input_audio: { data: WAV, format: "wav" } },
            {
              type: "file",
              file: { file_data: `data:application/pdf;base64,${PDF}`, filename: "a.pdf" },
            },
          ],
        },
      ]);
    });
  });

  describe("context", () => {
    const context: JSONValue[] = [{ selection: "line 3" }, 42];
    const block = '<context>[{"selection":"line 3"},42]</context>';

    it("appends user context as a trailing <context> block", () => {
      expect(toExternal([user("Fix it", { context })])).toEqual([
        { role: "user", content: `Fix it\n\n${block}` },
      ]);
      expect(toExternal([user("", { context })])).toEqual([{ role: "user", content: block }]);
      expect(toExternal([user([{ type: "text", text: "Fix it" }], { context })])).toEqual([
        {
          role: "user",
          content: [
            { type: "text", text: "Fix it" },
            { type: "text", text: block },
          ],
        },
      ]);
    });

    it("appends assistant context too, even to a tool-call-only message", () => {
      expect(
        toExternal([
          { id: "a", role: "assistant", content: "Done", context },
          { id: "b", role: "assistant", toolCalls: [call("c", "f")], context },
          { id: "t", role: "tool", toolCallId: "c", content: "ok" },
          { id: "c", role: "assistant", context },
        ]),
      ).toEqual([
        { role: "assistant", content: `Done\n\n${block}` },
        { role: "assistant", content: block, tool_calls: [call("c", "f")] },
        { role: "tool", tool_call_id: "c", content: "ok" },
        { role: "assistant", content: block },
      ]);
    });

    it("sends nothing for empty context, and drops context when includeContext is false", () => {
      expect(toExternal([user("hi", { context: [] })])).toEqual([{ role: "user", content: "hi" }]);
      const quiet = openAIMessageConverter({ includeContext: false });
      expect(quiet.toExternal([user("hi", { context })])).toEqual([
        { role: "user", content: "hi" },
      ]);
    });
  });

  describe("assistant", () => {
    it("sends content null when there are only tool calls", () => {
      expect(
        toExternal([
          { id: "a", role: "assistant", toolCalls: [call("c1", "search", '{"q":"x"}')] },
          { id: "t1", role: "tool", toolCallId: "c1", content: "x" },
          { id: "b", role: "assistant", content: "", toolCalls: [call("c2", "f")] },
          { id: "t2", role: "tool", toolCallId: "c2", content: "y" },
        ]),
      ).toStrictEqual([
        {
          role: "assistant",
          content: null,
          tool_calls: [
            { id: "c1", type: "function", function: { name: "search", arguments: '{"q":"x"}' } },
          ],
        },
        { role: "tool", tool_call_id: "c1", content: "x" },
        {
          role: "assistant",
          content: null,
          tool_calls: [{ id: "c2", type: "function", function: { name: "f", arguments: "{}" } }],
        },
        { role: "tool", tool_call_id: "c2", content: "y" },
      ]);
    });

    it("leaves out a message with neither content nor tool calls", () => {
      expect(
        toExternal([
          { id: "a", role: "assistant" },
          { id: "b", role: "assistant", content: "", toolCalls: [], status: "error", error: "x" },
        ]),
      ).toEqual([]);
    });

    it("sends the partial content of stopped and failed messages, not the error", () => {
      expect(
        toExternal([
          { id: "a", role: "assistant", content: "Half an", status: "stopped" },
          { id: "b", role: "assistant", content: "Part", status: "error", error: "timeout" },
        ]),
      ).toStrictEqual([
        { role: "assistant", content: "Half an" },
        { role: "assistant", content: "Part" },
      ]);
    });

    it("keeps the assistant name", () => {
      expect(toExternal([{ id: "a", role: "assistant", content: "x", name: "bot" }])).toEqual([
        { role: "assistant", content: "x", name: "bot" },
      ]);
    });
  });

  describe("tool", () => {
    /** The assistant message the results answer (OpenAI takes no result without its call). */
    const callsOf = (...ids: string[]): AssistantMessage => ({
      id: "a",
      role: "assistant",
      toolCalls: ids.map((id) => call(id, "f")),
    });

    it("maps tool results with tool_call_id, text parts only", () => {
      expect(
        toExternal([
          callsOf("c1", "c2", "c3"),
          { id: "t1", role: "tool", toolCallId: "c1", content: '{"temp":21}', name: "weather" },
          {
            id: "t2",
            role: "tool",
            toolCallId: "c2",
            content: [
              { type: "text", text: "chart:" },
              { type: "image", source: { type: "url", value: "https://a.example/c.png" } },
            ],
          },
          {
            id: "t3",
            role: "tool",
            toolCallId: "c3",
            content: [{ type: "image", source: { type: "url", value: "https://a.example/c" } }],
          },
        ]).slice(1),
      ).toStrictEqual([
        { role: "tool", tool_call_id: "c1", content: '{"temp":21}' },
        { role: "tool", tool_call_id: "c2", content: [{ type: "text", text: "chart:" }] },
        { role: "tool", tool_call_id: "c3", content: "" },
      ]);
    });

    it("tells the model about a tool error after any partial output", () => {
      expect(
        toExternal([
          callsOf("a", "b", "c"),
          { id: "1", role: "tool", toolCallId: "a", content: "", error: "Not found" },
          { id: "2", role: "tool", toolCallId: "b", content: "partial", error: "Timed out" },
          {
            id: "3",
            role: "tool",
            toolCallId: "c",
            content: [{ type: "text", text: "rows: 3" }],
            error: "Cut off",
          },
        ]).slice(1),
      ).toEqual([
        { role: "tool", tool_call_id: "a", content: "Error: Not found" },
        { role: "tool", tool_call_id: "b", content: "partial\n\nError: Timed out" },
        {
          role: "tool",
          tool_call_id: "c",
          content: [
            { type: "text", text: "rows: 3" },
            { type: "text", text: "Error: Cut off" },
          ],
        },
      ]);
    });
  });

  it("converts a tool call chain in order", () => {
    const thread: Message[] = [
      { id: "s", role: "system", content: "You are a travel agent." },
      user("Weather in Paris and Rome?"),
      { id: "r", role: "reasoning", content: "Two lookups." },
      {
        id: "a1",
        role: "assistant",
        content: "Checking.",
        toolCalls: [
          call("c1", "weather", '{"city":"Paris"}'),
          call("c2", "weather", '{"city":"Rome"}'),
        ],
      },
      { id: "t1", role: "tool", toolCallId: "c1", content: "21C" },
      { id: "t2", role: "tool", toolCallId: "c2", content: "", error: "API down" },
      { id: "a2", role: "assistant", content: "Paris is 21C; Rome is unavailable." },
    ];
    expect(toExternal(thread)).toStrictEqual([
      { role: "system", content: "You are a travel agent." },
      { role: "user", content: "Weather in Paris and Rome?" },
      {
        role: "assistant",
        content: "Checking.",
        tool_calls: [
          {
            id: "c1",
            type: "function",
            function: { name: "weather", arguments: '{"city":"Paris"}' },
          },
          {
            id: "c2",
            type: "function",
            function: { name: "weather", arguments: '{"city":"Rome"}' },
          },
        ],
      },
      { role: "tool", tool_call_id: "c1", content: "21C" },
      { role: "tool", tool_call_id: "c2", content: "Error: API down" },
      { role: "assistant", content: "Paris is 21C; Rome is unavailable." },
    ]);
  });

  it("handles empty input and never mutates its input", () => {
    expect(toExternal([])).toEqual([]);
    const thread = deepFreeze<Message[]>([
      user([{ type: "text", text: "a" }], { context: [1] }),
      {
        id: "t",
        role: "tool",
        toolCallId: "c",
        content: [{ type: "text", text: "x" }],
        error: "e",
      },
    ]);
    expect(() => toExternal(thread)).not.toThrow();
    expect(toExternal(thread)).toEqual(toExternal(structuredClone(thread)));
  });
});

describe("fromExternal", () => {
  it("maps every role and gives stable ids (msg-<index>) when messages have none", () => {
    const external: OpenAIChatMessage[] = [
      { role: "system", content: "Be brief.", name: "rules" },
      {
        role: "developer",
        content: [
          { type: "text", text: "A" },
          { type: "text", text: "B" },
        ],
      },
      { role: "user", content: "Hi", name: "ada" },
      { role: "assistant", content: "Hello!" },
      { role: "tool", tool_call_id: "c1", content: "42" },
    ];
    const expected: Message[] = [
      { id: "msg-0", role: "system", content: "Be brief.", name: "rules" },
      { id: "msg-1", role: "developer", content: "A\nB" },
      { id: "msg-2", role: "user", content: "Hi", name: "ada" },
      { id: "msg-3", role: "assistant", content: "Hello!" },
      { id: "msg-4", role: "tool", toolCallId: "c1", content: "42" },
    ];
    expect(fromExternal(external)).toStrictEqual(expected);
    // Loading the same thread again gives the same ids.
    expect(fromExternal(external)).toStrictEqual(expected);
  });

  it("keeps an id the message already has and uses generateId for the others", () => {
    const seen: [unknown, number][] = [];
    const withIds = openAIMessageConverter({
      generateId: (message, index) => {
        seen.push([message, index]);
        return `gen-${index}`;
      },
    });
    const stored = { id: "chatcmpl-1-0", role: "user", content: "a" };
    const plain: OpenAIChatMessage = { role: "user", content: "b" };
    expect(withIds.fromExternal([stored as OpenAIChatMessage, plain]).map((m) => m.id)).toEqual([
      "chatcmpl-1-0",
      "gen-1",
    ]);
    expect(seen).toEqual([[plain, 1]]);
  });

  describe("user content parts", () => {
    const parts = (content: unknown[]) =>
      (fromExternal([{ role: "user", content }])[0] as UserMessage).content;

    it("maps text, images, audio and files to Crayon parts", () => {
      expect(
        parts([
          { type: "text", text: "Look" },
          { type: "image_url", image_url: { url: `data:image/png;base64,${PNG}`, detail: "high" } },
          { type: "image_url", image_url: { url: "https://a.example/cat.jpg" } },
          { type: "input_audio", input_audio: { data: WAV, format: "wav" } },
          { type: "input_audio", input_audio: { data: "AAA", format: "mp3" } },
          {
            type: "file",
            file: { file_data: `data:application/pdf;base64,${PDF}`, filename: "r.pdf" },
          },
          { type: "file", file: { file_data: PDF } },
          { type: "file", file: { file_id: "file-1", filename: "up.pdf" } },
        ]),
      ).toStrictEqual([
        { type: "text", text: "Look" },
        { type: "image", source: { type: "data", value: PNG, mimeType: "image/png" } },
        { type: "image", source: { type: "url", value: "https://a.example/cat.jpg" } },
        { type: "audio", source: { type: "data", value: WAV, mimeType: "audio/wav" } },
        { type: "audio", source: { type: "data", value: "AAA", mimeType: "audio/mpeg" } },
        {
          type: "document",
          source: { type: "data", value: PDF, mimeType: "application/pdf" },
          filename: "r.pdf",
        },
        // Raw base64 file data: Chat Completions file inputs are PDFs.
        { type: "document", source: { type: "data", value: PDF, mimeType: "application/pdf" } },
        {
          type: "document",
          source: { type: "file", value: "file-1", provider: "openai" },
          filename: "up.pdf",
        },
      ]);
    });

    it("skips unknown and malformed parts", () => {
      expect(
        parts([
          null,
          "text",
          { type: "input_text", text: "responses-api part" },
          { type: "image_url" },
          { type: "image_url", image_url: { url: 7 } },
          { type: "input_audio", input_audio: null },
          { type: "file", file: {} },
          { type: "text", text: 5 },
          { type: "text", text: "kept" },
        ]),
      ).toEqual([{ type: "text", text: "kept" }]);
    });
  });

  describe("assistant", () => {
    it("maps tool_calls and null content", () => {
      expect(
        fromExternal([
          {
            role: "assistant",
            content: null,
            tool_calls: [
              { id: "c1", type: "function", function: { name: "f", arguments: '{"a":1}' } },
            ],
          },
        ]),
      ).toStrictEqual([
        { id: "msg-0", role: "assistant", toolCalls: [call("c1", "f", '{"a":1}')] },
      ]);
    });

    it("turns a refusal into content", () => {
      const completion: ChatCompletionMessage = {
        role: "assistant",
        content: null,
        refusal: "I can't help with that.",
        annotations: [],
      };
      expect(fromExternal([completion])).toStrictEqual([
        { id: "msg-0", role: "assistant", content: "I can't help with that." },
      ]);
      expect(
        fromExternal([
          { role: "assistant", content: "Partly.", refusal: "Not the rest." },
          {
            role: "assistant",
            content: [
              { type: "text", text: "One" },
              { type: "refusal", refusal: "Two" },
            ],
          },
        ]).map((m) => (m as AssistantMessage).content),
      ).toEqual(["Partly.\n\nNot the rest.", "One\nTwo"]);
    });

    it("keeps an assistant message with nothing in it", () => {
      expect(fromExternal([{ role: "assistant", content: null }])).toStrictEqual([
        { id: "msg-0", role: "assistant" },
      ]);
    });

    it("repairs tool calls from lenient servers and skips unusable ones", () => {
      const [message] = fromExternal([
        {
          role: "assistant",
          tool_calls: [
            { id: "c1", type: "function", function: { name: "f", arguments: { a: 1 } } },
            { type: "function", function: { name: "g", arguments: "{}" } },
            { id: "c3", type: "function", function: { name: "h" } },
            { id: "bad", type: "function" },
            { id: "bad2", type: "function", function: { arguments: "{}" } },
            null,
          ],
        },
      ]);
      expect((message as AssistantMessage).toolCalls).toEqual([
        call("c1", "f", '{"a":1}'),
        call("msg-0-call-1", "g", "{}"),
        call("c3", "h", "{}"),
      ]);
    });

    it("keeps custom (free-form) tool calls and sends them back as custom", () => {
      const external: OpenAIChatMessage[] = [
        {
          role: "assistant",
          content: null,
          tool_calls: [{ id: "c1", type: "custom", custom: { name: "sql", input: "SELECT 1" } }],
        },
        { role: "tool", tool_call_id: "c1", content: "1" },
      ];
      const messages = fromExternal(external);
      expect((messages[0] as AssistantMessage).toolCalls).toEqual([
        {
          id: "c1",
          type: "function",
          function: { name: "sql", arguments: "SELECT 1" },
          metadata: { openAIToolType: "custom" },
        },
      ]);
      expect(toExternal(messages)).toEqual(external);
    });
  });

  describe("legacy function calling", () => {
    it("turns function_call + function messages into a tool call and its tool message", () => {
      const messages = fromExternal([
        { role: "user", content: "Weather?" },
        {
          role: "assistant",
          content: null,
          function_call: { name: "weather", arguments: '{"city":"Oslo"}' },
        },
        { role: "function", name: "weather", content: "-3C" },
        { role: "assistant", content: "It is -3C." },
      ]);
      expect(messages).toStrictEqual([
        { id: "msg-0", role: "user", content: "Weather?" },
        {
          id: "msg-1",
          role: "assistant",
          toolCalls: [call("msg-1-call", "weather", '{"city":"Oslo"}')],
        },
        { id: "msg-2", role: "tool", toolCallId: "msg-1-call", content: "-3C" },
        { id: "msg-3", role: "assistant", content: "It is -3C." },
      ]);
      // Sent back in today's format.
      expect(toExternal(messages)[2]).toEqual({
        role: "tool",
        tool_call_id: "msg-1-call",
        content: "-3C",
      });
    });

    it("drops a function message that answers no call", () => {
      const messages = fromExternal([
        { role: "function", name: "weather", content: "-3C" },
        { role: "assistant", function_call: { name: "a", arguments: "{}" } },
        { role: "function", name: "b", content: "wrong name" },
        { role: "function", name: "a", content: "answer" },
        { role: "function", name: "a", content: "second answer to one call" },
      ]);
      expect(messages.map((m) => m.role)).toEqual(["assistant", "tool"]);
      expect(messages[1]).toMatchObject({ toolCallId: "msg-1-call", content: "answer" });
      // A converter is reusable: pending calls do not leak into the next load.
      expect(fromExternal([{ role: "function", name: "a", content: "x" }])).toEqual([]);
    });
  });

  it("maps tool content parts to text parts and skips tool messages without a call id", () => {
    expect(
      fromExternal([
        { role: "tool", tool_call_id: "c", content: [{ type: "text", text: "a" }] },
        { role: "tool", content: "orphan" },
        { role: "tool", tool_call_id: "d", content: null },
      ]),
    ).toStrictEqual([
      { id: "msg-0", role: "tool", toolCallId: "c", content: [{ type: "text", text: "a" }] },
      { id: "msg-2", role: "tool", toolCallId: "d", content: "" },
    ]);
  });

  it("skips unknown roles and non-messages without throwing", () => {
    expect(
      fromExternal([
        null,
        undefined,
        "user: hi",
        42,
        [],
        {},
        { content: "no role" },
        { role: "critic", content: "?" },
        { role: "user", content: "kept" },
      ]),
    ).toEqual([{ id: "msg-8", role: "user", content: "kept" }]);
    expect(fromExternal([])).toEqual([]);
    expect(converter.fromExternal(null as unknown as OpenAIChatMessage[])).toEqual([]);
  });

  it("never throws on arbitrary input and returns only Crayon messages", () => {
    const roles = ["system", "developer", "user", "assistant", "tool", "function"];
    const junk = fc.oneof(
      fc.anything({ maxDepth: 1, maxKeys: 4 }),
      fc.record({
        role: fc.constantFrom(...roles),
        content: fc.anything({ maxDepth: 1, maxKeys: 4 }),
      }),
      fc.record({
        role: fc.constant("assistant"),
        content: fc.anything({ maxDepth: 1, maxKeys: 4 }),
        tool_calls: fc.anything({ maxDepth: 1, maxKeys: 4 }),
        function_call: fc.anything({ maxDepth: 1, maxKeys: 4 }),
        refusal: fc.anything({ maxDepth: 1, maxKeys: 4 }),
      }),
      fc.record({
        role: fc.constantFrom(...roles),
        content: fc.array(
          fc.record(
            { type: fc.string(), text: fc.anything({ maxDepth: 1, maxKeys: 4 }) },
            { requiredKeys: [] },
          ),
        ),
        name: fc.anything({ maxDepth: 1, maxKeys: 4 }),
        tool_call_id: fc.anything({ maxDepth: 1, maxKeys: 4 }),
      }),
    );
    fc.assert(
      fc.property(fc.array(junk, { maxLength: 8 }), (input) => {
        const messages = fromExternal(input);
        for (const message of messages) {
          expect(typeof message.id).toBe("string");
          expect(["system", "developer", "user", "assistant", "tool"]).toContain(message.role);
        }
      }),
      { numRuns: 100 },
    );
  });

  describe("context", () => {
    it("splits a trailing <context> block back into context", () => {
      expect(
        fromExternal([
          { role: "user", content: 'Fix it\n\n<context>[{"line":3}]</context>' },
          { role: "user", content: '<context>["only"]</context>' },
          {
            role: "user",
            content: [
              { type: "text", text: "Fix it" },
              { type: "text", text: "<context>[1,2]</context>" },
            ],
          },
          { role: "assistant", content: 'Done\n\n<context>[{"saved":true}]</context>' },
        ]),
      ).toStrictEqual([
        { id: "msg-0", role: "user", content: "Fix it", context: [{ line: 3 }] },
        { id: "msg-1", role: "user", content: "", context: ["only"] },
        {
          id: "msg-2",
          role: "user",
          content: [{ type: "text", text: "Fix it" }],
          context: [1, 2],
        },
        { id: "msg-3", role: "assistant", content: "Done", context: [{ saved: true }] },
      ]);
    });

    it("leaves text alone when the block is not one the converter writes", () => {
      const texts = [
        "a\n\n<context>not json</context>",
        'a\n\n<context>{"not":"an array"}</context>',
        "a\n\n<context>[1]</context> trailing",
        "a <context>[1]</context>",
        "<context>[1]\n</context>",
      ];
      for (const text of texts) {
        expect(fromExternal([{ role: "user", content: text }])).toEqual([
          { id: "msg-0", role: "user", content: text },
        ]);
      }
    });

    it("leaves text alone when includeContext is false", () => {
      const text = "Fix it\n\n<context>[1]</context>";
      expect(
        openAIMessageConverter({ includeContext: false }).fromExternal([
          { role: "user", content: text },
        ]),
      ).toEqual([{ id: "msg-0", role: "user", content: text }]);
    });
  });
});

describe("round trip", () => {
  it("fromExternal(toExternal(thread)) keeps everything OpenAI carries", () => {
    const thread: Message[] = [
      { id: "msg-0", role: "system", content: "sys", name: "s" },
      { id: "msg-1", role: "developer", content: "dev" },
      {
        id: "msg-2",
        role: "user",
        name: "ada",
        content: [
          { type: "text", text: "look" },
          { type: "image", source: { type: "data", value: PNG, mimeType: "image/png" } },
          { type: "image", source: { type: "url", value: "https://a.example/x.png" } },
          { type: "audio", source: { type: "data", value: WAV, mimeType: "audio/wav" } },
          {
            type: "document",
            source: { type: "data", value: PDF, mimeType: "application/pdf" },
            filename: "a.pdf",
          },
          { type: "document", source: { type: "file", value: "file-1", provider: "openai" } },
        ],
        context: [{ page: "/home" }],
      },
      {
        id: "msg-3",
        role: "assistant",
        content: "calling",
        toolCalls: [call("c1", "f", '{"x":1}')],
        context: ["state"],
      },
      { id: "msg-4", role: "tool", toolCallId: "c1", content: "ok" },
      { id: "msg-5", role: "assistant", content: "done", name: "bot" },
    ];
    expect(fromExternal(toExternal(thread))).toStrictEqual(thread);
  });

  it("drops only what OpenAI cannot carry", () => {
    const thread: Message[] = [
      user("hi", { id: "msg-0", isVisuallyHidden: true, metadata: { a: 1 } }),
      { id: "r", role: "reasoning", content: "hmm" },
      {
        id: "msg-2",
        role: "assistant",
        content: "partial",
        toolCalls: [call("c", "f")],
        status: "error",
        error: "boom",
      },
      { id: "msg-3", role: "tool", toolCallId: "c", content: "", error: "failed" },
    ];
    expect(fromExternal(toExternal(thread))).toStrictEqual([
      { id: "msg-0", role: "user", content: "hi" },
      { id: "msg-1", role: "assistant", content: "partial", toolCalls: [call("c", "f")] },
      { id: "msg-2", role: "tool", toolCallId: "c", content: "Error: failed" },
    ]);
  });

  // Text made of the pieces a context block is made of, to exercise its boundaries. Text that
  // itself ends in a well-formed block is read back as context (documented), so it is excluded.
  const text = fc
    .string({
      unit: fc.constantFrom("a", " ", "\n", "\n\n", "[", "]", "1", "<context>", "</context>"),
      maxLength: 12,
    })
    .filter((t) => !/(^|\n\n)<context>\[[^\n]*\]<\/context>$/.test(t));
  const nonEmpty = fc.string({ minLength: 1, maxLength: 8 });
  const name = fc.option(nonEmpty, { nil: undefined });
  const base64 = fc.base64String({ minLength: 4, maxLength: 16 });
  const json = fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.parse(JSON.stringify(v)) as JSONValue);
  const context = fc.option(fc.array(json, { minLength: 1, maxLength: 3 }), { nil: undefined });
  const textPart = text.map((t): InputContent => ({ type: "text", text: t }));

  /** Parts OpenAI can carry exactly. */
  const carriedPart = fc.oneof(
    textPart,
    fc.record({
      type: fc.constant("image" as const),
      source: fc.oneof(
        fc.record({
          type: fc.constant("data" as const),
          value: base64,
          mimeType: fc.constantFrom("image/png", "image/jpeg"),
        }),
        fc.record({ type: fc.constant("url" as const), value: fc.webUrl() }),
      ),
    }),
    fc.record({
      type: fc.constant("audio" as const),
      source: fc.record({
        type: fc.constant("data" as const),
        value: base64,
        mimeType: fc.constantFrom("audio/wav", "audio/mpeg"),
      }),
    }),
    fc.record({
      type: fc.constant("document" as const),
      source: fc.record({
        type: fc.constant("data" as const),
        value: base64,
        mimeType: fc.constant("application/pdf"),
      }),
      filename: nonEmpty,
    }),
    fc.record({
      type: fc.constant("document" as const),
      source: fc.record({
        type: fc.constant("file" as const),
        value: nonEmpty,
        provider: fc.constant("openai"),
      }),
    }),
  );

  const toolCall = fc.oneof(
    fc.record({
      id: nonEmpty,
      type: fc.constant("function" as const),
      function: fc.record({ name: nonEmpty, arguments: fc.json({ maxDepth: 1 }) }),
    }),
    fc.record({
      id: nonEmpty,
      type: fc.constant("function" as const),
      function: fc.record({ name: nonEmpty, arguments: text }),
      metadata: fc.constant({ openAIToolType: "custom" }),
    }),
  );

  /** Messages OpenAI can carry exactly (ids are assigned by position below). */
  const carriedMessage: fc.Arbitrary<Omit<Message, "id">> = fc.oneof(
    fc.record({
      role: fc.constantFrom("system" as const, "developer" as const),
      content: text,
      name,
    }),
    fc.record({
      role: fc.constant("user" as const),
      content: fc.oneof(text, fc.array(carriedPart, { minLength: 1, maxLength: 4 })),
      name,
      context,
    }),
    fc
      .record({
        role: fc.constant("assistant" as const),
        content: fc.option(fc.string({ minLength: 1, maxLength: 12 }), { nil: undefined }),
        toolCalls: fc.option(
          fc.uniqueArray(toolCall, { minLength: 1, maxLength: 2, selector: (c) => c.id }),
          { nil: undefined },
        ),
        name,
        context,
      })
      .filter((m) => Boolean(m.content || m.toolCalls || m.context)),
    fc.record({
      role: fc.constant("tool" as const),
      toolCallId: nonEmpty,
      content: fc.oneof(text, fc.array(textPart, { minLength: 1, maxLength: 3 })),
    }),
  );

  const toolContent = fc.oneof(text, fc.array(textPart, { minLength: 1, maxLength: 3 }));

  /**
   * Messages OpenAI can carry exactly, as a run: one message, or an assistant message whose
   * tool calls are each answered by the tool messages right after it (OpenAI's pairing rule).
   */
  const carriedTurn: fc.Arbitrary<Omit<Message, "id">[]> = carriedMessage
    .filter((m) => m.role !== "tool")
    .chain((m) => {
      const calls = (m as Partial<AssistantMessage>).toolCalls ?? [];
      return fc
        .array(toolContent, { minLength: calls.length, maxLength: calls.length })
        .map((contents) => [
          m,
          ...contents.map((content, i) => ({
            role: "tool" as const,
            toolCallId: calls[i]!.id,
            content,
          })),
        ]);
    });

  const withIds = (messages: Omit<Message, "id">[]) =>
    messages.map((m, i) => ({ ...m, id: `msg-${i}` }) as Message);

  it("property: a thread OpenAI can carry survives the round trip exactly", () => {
    fc.assert(
      fc.property(
        fc.array(carriedTurn, { maxLength: 5 }).map((turns) => withIds(turns.flat())),
        (thread) => {
          expect(fromExternal(toExternal(thread))).toEqual(thread);
        },
      ),
      { numRuns: 100 },
    );
  });

  /** Anything a thread may hold, including what OpenAI cannot carry. */
  const anyPart: fc.Arbitrary<InputContent> = fc.oneof(
    carriedPart,
    fc.record({
      type: fc.constantFrom(
        "image" as const,
        "audio" as const,
        "video" as const,
        "document" as const,
      ),
      source: fc.oneof(
        fc.record({
          type: fc.constant("url" as const),
          value: fc.oneof(fc.webUrl(), fc.constant("")),
        }),
        fc.record({
          type: fc.constant("data" as const),
          value: base64,
          mimeType: fc.constantFrom("audio/ogg", "video/mp4", "text/plain", "audio/x-wav"),
        }),
        fc.record({
          type: fc.constant("file" as const),
          value: nonEmpty,
          provider: fc.option(fc.constantFrom("openai", "anthropic"), { nil: undefined }),
        }),
      ),
      filename: fc.option(nonEmpty, { nil: undefined }),
    }),
    fc.record({
      type: fc.constant("binary" as const),
      mimeType: fc.constantFrom("image/png", "audio/wav", "video/mp4", "application/pdf"),
      data: fc.option(base64, { nil: undefined }),
      url: fc.option(fc.webUrl(), { nil: undefined }),
      filename: fc.option(nonEmpty, { nil: undefined }),
    }),
  );

  const anyMessage: fc.Arbitrary<Message> = fc.oneof(
    carriedMessage.map((m) => ({ ...m, id: "x" }) as Message),
    fc.record({
      id: nonEmpty,
      role: fc.constant("user" as const),
      content: fc.array(anyPart, { maxLength: 4 }),
      context,
      isVisuallyHidden: fc.boolean(),
    }),
    fc.record({
      id: nonEmpty,
      role: fc.constant("assistant" as const),
      content: fc.option(text, { nil: undefined }),
      toolCalls: fc.option(fc.array(toolCall, { maxLength: 2 }), { nil: undefined }),
      status: fc.constantFrom(
        "streaming" as const,
        "complete" as const,
        "error" as const,
        "stopped" as const,
      ),
      error: fc.option(text, { nil: undefined }),
      context,
    }),
    fc.record({
      id: nonEmpty,
      role: fc.constant("tool" as const),
      toolCallId: nonEmpty,
      content: fc.oneof(text, fc.array(anyPart, { maxLength: 3 })),
      error: fc.option(text, { nil: undefined }),
    }),
    fc.record({ id: nonEmpty, role: fc.constant("reasoning" as const), content: text }),
    fc.record({
      id: nonEmpty,
      role: fc.constant("activity" as const),
      activityType: nonEmpty,
      content: fc.constant({}),
    }),
  );

  it("property: what is sent is stable – toExternal(fromExternal(sent)) equals sent", () => {
    fc.assert(
      fc.property(fc.array(anyMessage, { maxLength: 6 }), (thread) => {
        const sent = toExternal(thread);
        expect(toExternal(fromExternal(sent))).toEqual(sent);
      }),
      { numRuns: 100 },
    );
  });
});

describe("toExternal: tool calls and results paired as OpenAI requires", () => {
  // OpenAI rejects the whole request unless every call is answered by tool messages right after
  // its assistant message, and every tool message answers a call of the message before it.
  const assistant = (id: string, ...toolCalls: ToolCall[]): AssistantMessage => ({
    id,
    role: "assistant",
    toolCalls,
  });
  const result = (toolCallId: string, content = `result of ${toolCallId}`): Message => ({
    id: `t-${toolCallId}`,
    role: "tool",
    toolCallId,
    content,
  });
  const calling = (...toolCalls: ToolCall[]) => ({
    role: "assistant",
    content: null,
    tool_calls: toolCalls.map(({ id, function: fn }) => ({ id, type: "function", function: fn })),
  });
  const answer = (toolCallId: string, content = `result of ${toolCallId}`) => ({
    role: "tool",
    tool_call_id: toolCallId,
    content,
  });

  it("leaves out calls nobody answered (a stopped reply), and a message left with nothing", () => {
    expect(
      toExternal([
        user("Book a table"),
        {
          id: "a1",
          role: "assistant",
          content: "Let me check.",
          toolCalls: [call("c1", "book", '{"time":')],
          status: "stopped",
        },
        { ...assistant("a2", call("c2", "book")), status: "stopped" },
        user("Never mind", { id: "u2" }),
      ]),
    ).toStrictEqual([
      { role: "user", content: "Book a table" },
      { role: "assistant", content: "Let me check." },
      { role: "user", content: "Never mind" },
    ]);
  });

  it("keeps the answered ones of parallel calls, in call order, results as they came", () => {
    const [c1, c2, c3] = [call("c1", "f"), call("c2", "g"), call("c3", "h")];
    expect(toExternal([assistant("a", c1, c2, c3), result("c2"), result("c1")])).toStrictEqual([
      calling(c1, c2),
      answer("c2"),
      answer("c1"),
    ]);
  });

  it("moves a result up to right after its call when other messages came in between", () => {
    const c1 = call("c1", "f");
    expect(
      toExternal([
        assistant("a", c1),
        user("Hurry"),
        { id: "a2", role: "assistant", content: "Still waiting." },
        result("c1"),
      ]),
    ).toStrictEqual([
      calling(c1),
      answer("c1"),
      { role: "user", content: "Hurry" },
      { role: "assistant", content: "Still waiting." },
    ]);
  });

  it("leaves out a result whose call is gone, comes later, or was answered already", () => {
    const [c1, c5] = [call("c1", "f"), call("c5", "f")];
    expect(
      toExternal([
        result("c0"),
        assistant("a1", c1),
        result("c1", "first"),
        result("c1", "again"),
        result("c9"),
        result("c5"),
        assistant("a2", c5),
      ]),
    ).toStrictEqual([calling(c1), answer("c1", "first")]);
  });

  it("pairs a result with the latest call of its id (servers that number calls per reply)", () => {
    const [first, second] = [call("call_0", "f"), call("call_0", "g")];
    expect(
      toExternal([
        assistant("a1", first),
        result("call_0", "one"),
        assistant("a2", first),
        assistant("a3", second),
        result("call_0", "two"),
      ]),
    ).toStrictEqual([
      calling(first),
      answer("call_0", "one"),
      calling(second),
      answer("call_0", "two"),
    ]);
  });

  it("sends a call repeated within a message once", () => {
    const c1 = call("c1", "f");
    expect(toExternal([assistant("a", c1, c1), result("c1")])).toStrictEqual([
      calling(c1),
      answer("c1"),
    ]);
  });
});
