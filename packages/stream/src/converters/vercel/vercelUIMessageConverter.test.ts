import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type {
  ActivityMessage,
  AssistantMessage,
  Message,
  ReasoningMessage,
  ToolCall,
  ToolMessage,
  UserMessage,
} from "../../message";
import type { VercelUIMessage } from "./vercelUIMessage";
import { vercelUIMessageConverter } from "./vercelUIMessageConverter";

const converter = vercelUIMessageConverter();
const toExternal = (messages: Message[]) => converter.toExternal(messages);
const fromExternal = (messages: unknown[]) => converter.fromExternal(messages as VercelUIMessage[]);

const PNG = "iVBORw0KGgo=";
const DENIED = "The tool call was denied.";

const call = (
  id: string,
  name: string,
  args = "{}",
  metadata?: ToolCall["metadata"],
): ToolCall => ({
  id,
  type: "function",
  function: { name, arguments: args },
  ...(metadata && { metadata }),
});
const assistant = (
  id: string,
  content: string,
  extra: Partial<AssistantMessage> = {},
): AssistantMessage => ({ id, role: "assistant", content, status: "complete", ...extra });
const result = (toolCallId: string, content: string, error?: string): ToolMessage => ({
  id: `r-${toolCallId}`,
  role: "tool",
  toolCallId,
  content,
  ...(error !== undefined && { error }),
});
const reasoning = (id: string, content: string): ReasoningMessage => ({
  id,
  role: "reasoning",
  content,
  isThinking: false,
});
const user = (content: UserMessage["content"], extra: Partial<UserMessage> = {}): UserMessage => ({
  id: "u",
  role: "user",
  content,
  ...extra,
});
const text = (value: string) => ({ type: "text", text: value, state: "done" });
const step = { type: "step-start" };

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

describe("toExternal: user, system and developer messages", () => {
  it("sends text as a text part, and developer messages as system messages", () => {
    expect(
      toExternal([
        { id: "s", role: "system", content: "Be brief." },
        { id: "d", role: "developer", content: "Use tools." },
        user("Hello", { metadata: { lang: "de" } }),
      ]),
    ).toEqual([
      { id: "s", role: "system", parts: [{ type: "text", text: "Be brief." }] },
      { id: "d", role: "system", parts: [{ type: "text", text: "Use tools." }] },
      { id: "u", role: "user", parts: [{ type: "text", text: "Hello" }], metadata: { lang: "de" } },
    ]);
  });

  it("sends media as file parts with a URL (a data: URL for inline data)", () => {
    const [message] = toExternal([
      user([
        { type: "text", text: "Look" },
        { type: "image", source: { type: "data", value: PNG, mimeType: "image/png" } },
        {
          type: "document",
          source: { type: "url", value: "https://a.example/r.pdf", mimeType: "application/pdf" },
          filename: "r.pdf",
        },
        { type: "binary", mimeType: "audio/wav", data: "UklG" },
        { type: "image", source: { type: "url", value: "https://a.example/cat" } },
      ]),
    ]);
    expect(message!.parts).toEqual([
      { type: "text", text: "Look" },
      { type: "file", mediaType: "image/png", url: `data:image/png;base64,${PNG}` },
      {
        type: "file",
        mediaType: "application/pdf",
        url: "https://a.example/r.pdf",
        filename: "r.pdf",
      },
      { type: "file", mediaType: "audio/wav", url: "data:audio/wav;base64,UklG" },
      // No media type known: the family, as the AI SDK needs one.
      { type: "file", mediaType: "image/*", url: "https://a.example/cat" },
    ]);
  });

  it("leaves out provider files (no URL to send) but keeps the message", () => {
    const [message] = toExternal([
      user([{ type: "document", source: { type: "file", value: "file-1", provider: "openai" } }]),
    ]);
    // The AI SDK rejects a user message without parts.
    expect(message!.parts).toEqual([{ type: "text", text: "" }]);
  });

  it("sends context as a trailing <context> text part, unless includeContext is false", () => {
    const message = user("Hi", { context: [{ page: "home" }] });
    expect(toExternal([message])[0]!.parts).toEqual([
      { type: "text", text: "Hi" },
      { type: "text", text: '<context>[{"page":"home"}]</context>' },
    ]);
    const without = vercelUIMessageConverter({ includeContext: false }).toExternal([message]);
    expect(without[0]!.parts).toEqual([{ type: "text", text: "Hi" }]);
  });
});

describe("toExternal: a run of assistant, reasoning, tool and activity messages", () => {
  it("becomes one assistant message named after its first assistant message", () => {
    const out = toExternal([
      user("Weather?"),
      reasoning("m-1", "The user wants the weather."),
      assistant("m", "Let me check.", { toolCalls: [call("c1", "weather", '{"city":"Zürich"}')] }),
      result("c1", '{"celsius":18}'),
      assistant("m-2", "It is 18 °C."),
    ]);
    expect(out).toEqual([
      { id: "u", role: "user", parts: [{ type: "text", text: "Weather?" }] },
      {
        id: "m",
        role: "assistant",
        parts: [
          step,
          { type: "reasoning", text: "The user wants the weather.", state: "done" },
          text("Let me check."),
          {
            type: "tool-weather",
            toolCallId: "c1",
            state: "output-available",
            input: { city: "Zürich" },
            output: { celsius: 18 },
          },
          // Tool results end a step: the answer is the next model call.
          step,
          text("It is 18 °C."),
        ],
      },
    ]);
  });

  it("is named after its first message when it has no assistant message", () => {
    expect(toExternal([user("Hi"), reasoning("r", "hmm")])[1]).toMatchObject({
      id: "r",
      role: "assistant",
    });
  });

  it("ends at a user or system message", () => {
    const out = toExternal([
      assistant("a1", "One"),
      user("Next"),
      assistant("a2", "Two"),
      { id: "s", role: "system", content: "Rule" },
      assistant("a3", "Three"),
    ]);
    expect(out.map((m) => `${m.role}:${m.id}`)).toEqual([
      "assistant:a1",
      "user:u",
      "assistant:a2",
      "system:s",
      "assistant:a3",
    ]);
  });

  it("merges the metadata of its assistant messages", () => {
    const out = toExternal([
      assistant("a", "One", { metadata: { model: "m", step: 1 } }),
      assistant("a-1", "Two", { metadata: { step: 2 } }),
    ]);
    expect(out[0]!.metadata).toEqual({ model: "m", step: 2 });
  });

  it("sends activities as data parts named by type, with the message id", () => {
    const plan: ActivityMessage = {
      id: "p1",
      role: "activity",
      activityType: "plan",
      content: { steps: ["a", "b"] },
    };
    const count: ActivityMessage = {
      id: "n1",
      role: "activity",
      activityType: "count",
      content: { value: 3 },
    };
    expect(toExternal([plan, count])[0]!.parts).toEqual([
      step,
      { type: "data-plan", id: "p1", data: { steps: ["a", "b"] } },
      // The adapter reads a non-object `data` as `{ value }`: sent back as it came.
      { type: "data-count", id: "n1", data: 3 },
    ]);
  });

  it("sends sources and files after the message's text and tool calls", () => {
    const out = toExternal([
      assistant("a", "See", {
        toolCalls: [call("c1", "search")],
        sources: [
          { id: "s1", kind: "url", url: "https://a.example", title: "A" },
          { id: "s2", kind: "document", title: "Report", mediaType: "application/pdf" },
        ],
        files: [{ url: `data:image/png;base64,${PNG}`, mediaType: "image/png" }],
      }),
      result("c1", "found"),
    ]);
    expect(out[0]!.parts.map((p) => p.type)).toEqual([
      "step-start",
      "text",
      "tool-search",
      "source-url",
      "source-document",
      "file",
    ]);
    expect(out[0]!.parts.slice(3)).toEqual([
      { type: "source-url", sourceId: "s1", url: "https://a.example", title: "A" },
      { type: "source-document", sourceId: "s2", title: "Report", mediaType: "application/pdf" },
      { type: "file", url: `data:image/png;base64,${PNG}`, mediaType: "image/png" },
    ]);
  });

  it("sends assistant context as a text part after its text", () => {
    const out = toExternal([assistant("a", "Done", { context: [{ form: "saved" }] })]);
    expect(out[0]!.parts).toEqual([
      step,
      text("Done"),
      text('<context>[{"form":"saved"}]</context>'),
    ]);
  });

  it("leaves out a run with nothing to show", () => {
    expect(toExternal([user("Hi"), result("nowhere", "lost")])).toHaveLength(1);
  });

  it("does not change its input", () => {
    const thread = deepFreeze<Message[]>([
      user("Hi", { context: [1] }),
      assistant("a", "x", {
        toolCalls: [call("c", "f", "{}", { approvalId: "ap", approved: true })],
        metadata: { k: 1 },
      }),
      result("c", "1"),
    ]);
    expect(() => toExternal(thread)).not.toThrow();
    const loaded = deepFreeze(toExternal(thread));
    expect(() => fromExternal(loaded)).not.toThrow();
  });
});

describe("toExternal: tool parts", () => {
  const partOf = (thread: Message[]) =>
    toExternal(thread)
      .flatMap((m) => m.parts)
      .find((p) => p.type.startsWith("tool-") || p.type === "dynamic-tool");

  it("parses JSON output; other text is sent as a string", () => {
    expect(
      partOf([assistant("a", "", { toolCalls: [call("c", "f")] }), result("c", "[1,2]")]),
    ).toMatchObject({ state: "output-available", output: [1, 2] });
    expect(
      partOf([assistant("a", "", { toolCalls: [call("c", "f")] }), result("c", "plain")]),
    ).toMatchObject({ state: "output-available", output: "plain" });
  });

  it("sends a tool error as output-error", () => {
    expect(
      partOf([
        assistant("a", "", { toolCalls: [call("c", "f", '{"q":1}')] }),
        result("c", "", "boom"),
      ]),
    ).toEqual({
      type: "tool-f",
      toolCallId: "c",
      state: "output-error",
      input: { q: 1 },
      errorText: "boom",
    });
  });

  it("sends a call without result as input-available (a client tool not run yet)", () => {
    expect(partOf([assistant("a", "", { toolCalls: [call("c", "f", '{"q":1}')] })])).toEqual({
      type: "tool-f",
      toolCallId: "c",
      state: "input-available",
      input: { q: 1 },
    });
  });

  for (const status of ["stopped", "error"] as const) {
    it(`tells the model a call of a ${status} reply was interrupted`, () => {
      expect(
        partOf([assistant("a", "", { status, toolCalls: [call("c", "f", '{"q":')] })]),
      ).toEqual({
        type: "tool-f",
        toolCallId: "c",
        state: "output-error",
        input: {},
        rawInput: '{"q":',
        errorText: "The tool call was interrupted before it returned a result.",
      });
    });
  }

  it("sends approvals in the AI SDK 6 states", () => {
    const asked = call("c", "pay", '{"amount":5}', { approvalId: "ap" });
    const requested = partOf([
      assistant("a", "", { status: "awaiting_input", toolCalls: [asked] }),
    ]);
    expect(requested).toMatchObject({ state: "approval-requested", approval: { id: "ap" } });
    expect((requested as { approval: object }).approval).toEqual({ id: "ap" });

    const yes = call("c", "pay", '{"amount":5}', { approvalId: "ap", approved: true });
    expect(partOf([assistant("a", "", { toolCalls: [yes] })])).toMatchObject({
      state: "approval-responded",
      approval: { id: "ap", approved: true },
    });
    expect(partOf([assistant("a", "", { toolCalls: [yes] }), result("c", "paid")])).toMatchObject({
      state: "output-available",
      output: "paid",
      approval: { id: "ap", approved: true },
    });

    const no = call("c", "pay", "{}", { approvalId: "ap", approved: false, reason: "No" });
    expect(partOf([assistant("a", "", { toolCalls: [no] })])).toMatchObject({
      state: "approval-responded",
      approval: { id: "ap", approved: false, reason: "No" },
    });
    expect(partOf([assistant("a", "", { toolCalls: [no] }), result("c", "", DENIED)])).toEqual({
      type: "tool-pay",
      toolCallId: "c",
      state: "output-denied",
      input: {},
      approval: { id: "ap", approved: false, reason: "No" },
    });
  });

  it("restores what a loaded part kept: dynamic tools, provider fields", () => {
    const kept = call("c", "search", '{"q":"x"}', {
      vercelPart: { type: "dynamic-tool", providerExecuted: true, title: "Search" },
    });
    expect(partOf([assistant("a", "", { toolCalls: [kept] }), result("c", "hit")])).toEqual({
      type: "dynamic-tool",
      toolName: "search",
      toolCallId: "c",
      providerExecuted: true,
      title: "Search",
      state: "output-available",
      input: { q: "x" },
      output: "hit",
    });
  });
});

describe("toExternal: answers to approvals", () => {
  const asked = (approved?: boolean) =>
    assistant("a", "Paying.", {
      toolCalls: [call("c", "pay", "{}", { approvalId: "ap", approved })],
    });
  const answer = (approvalId?: string): UserMessage =>
    user("Approved.", {
      id: "h",
      isVisuallyHidden: true,
      context: [
        {
          type: "human-response",
          response: "approve",
          toolCallId: "c",
          approvalId: approvalId ?? null,
        },
      ],
    });

  it("leaves out the hidden answer once the tool part carries it, so the assistant is last", () => {
    const out = toExternal([user("Pay"), asked(true), answer("ap")]);
    expect(out.map((m) => m.id)).toEqual(["u", "a"]);
    expect(out[1]!.parts.at(-1)).toMatchObject({ state: "approval-responded" });
  });

  it("continues the assistant message after the answer, as the AI SDK does", () => {
    const out = toExternal([
      asked(true),
      answer("ap"),
      result("c", "paid"),
      assistant("a-1", "Paid."),
    ]);
    expect(out).toHaveLength(1);
    expect(out[0]!.parts.map((p) => p.type)).toEqual([
      "step-start",
      "text",
      "tool-pay",
      "step-start",
      "text",
    ]);
  });

  it("keeps the answer when the call does not carry it", () => {
    expect(toExternal([asked(undefined), answer("ap")]).map((m) => m.id)).toEqual(["a", "h"]);
    expect(toExternal([asked(true), answer("other")]).map((m) => m.id)).toEqual(["a", "h"]);
    expect(toExternal([asked(true), answer()]).map((m) => m.id)).toEqual(["a", "h"]);
  });
});

describe("reasoning duration", () => {
  it("travels as providerMetadata.crayon.durationMs and comes back as durationMs", () => {
    const thread: Message[] = [
      { ...reasoning("r", "Hmm."), durationMs: 3_200 },
      assistant("a", "42"),
    ];
    const [message] = toExternal(thread);
    expect(message!.parts[1]).toEqual({
      type: "reasoning",
      text: "Hmm.",
      state: "done",
      providerMetadata: { crayon: { durationMs: 3_200 } },
    });
    const [back] = fromExternal([message]);
    expect(back).toMatchObject({ role: "reasoning", content: "Hmm.", durationMs: 3_200 });
    expect(back!.metadata).toBeUndefined();
  });

  it("keeps other providers' metadata and drops a duration that is no finite, non-negative number", () => {
    const part = (durationMs: unknown) => ({
      type: "reasoning",
      text: "Hmm.",
      providerMetadata: { openai: { itemId: "rs_1" }, crayon: { durationMs } },
    });
    const read = (durationMs: unknown) =>
      fromExternal([
        { id: "m", role: "assistant", parts: [part(durationMs)] },
      ])[0] as ReasoningMessage;
    expect(read(1_500).durationMs).toBe(1_500);
    for (const bad of [-1, Number.NaN, "3 s", null]) expect(read(bad).durationMs).toBeUndefined();
    const [again] = toExternal([read(1_500)]);
    expect(again!.parts[1]).toMatchObject({
      providerMetadata: { openai: { itemId: "rs_1" }, crayon: { durationMs: 1_500 } },
    });
  });
});

describe("fromExternal", () => {
  it("reads system and user messages; a trailing <context> part becomes context", () => {
    expect(
      fromExternal([
        { id: "s", role: "system", parts: [{ type: "text", text: "Be brief." }] },
        {
          id: "u1",
          role: "user",
          metadata: { lang: "de" },
          parts: [
            { type: "text", text: "Look" },
            { type: "file", mediaType: "image/png", url: `data:image/png;base64,${PNG}` },
            {
              type: "file",
              mediaType: "application/pdf",
              url: "https://a.example/r.pdf",
              filename: "r",
            },
            { type: "text", text: '<context>[{"page":"home"}]</context>' },
          ],
        },
        { id: "u2", role: "user", parts: [{ type: "text", text: "Hi" }] },
      ]),
    ).toEqual([
      { id: "s", role: "system", content: "Be brief." },
      {
        id: "u1",
        role: "user",
        metadata: { lang: "de" },
        context: [{ page: "home" }],
        content: [
          { type: "text", text: "Look" },
          { type: "image", source: { type: "data", value: PNG, mimeType: "image/png" } },
          {
            type: "document",
            source: { type: "url", value: "https://a.example/r.pdf", mimeType: "application/pdf" },
            filename: "r",
          },
        ],
      },
      { id: "u2", role: "user", content: "Hi" },
    ]);
  });

  it("splits an assistant message as the adapter splits its stream", () => {
    const out = fromExternal([
      {
        id: "m",
        role: "assistant",
        metadata: { model: "x" },
        parts: [
          step,
          { type: "reasoning", text: "Think", state: "done" },
          text("Let me check."),
          {
            type: "tool-weather",
            toolCallId: "c1",
            state: "output-available",
            input: { city: "Zürich" },
            output: { celsius: 18 },
          },
          {
            type: "tool-broken",
            toolCallId: "c2",
            state: "output-error",
            input: {},
            errorText: "x",
          },
          step,
          { type: "data-plan", id: "p", data: { done: true } },
          text("It is 18 °C."),
          { type: "source-url", sourceId: "s1", url: "https://a.example" },
          { type: "data-count", data: 3 },
        ],
      },
    ]);
    expect(out).toEqual([
      { id: "m-1", role: "reasoning", content: "Think", isThinking: false },
      {
        id: "m",
        role: "assistant",
        content: "Let me check.",
        status: "complete",
        metadata: { model: "x" },
        toolCalls: [call("c1", "weather", '{"city":"Zürich"}'), call("c2", "broken", "{}")],
      },
      { id: "m-tool-c1", role: "tool", toolCallId: "c1", content: '{"celsius":18}' },
      { id: "m-tool-c2", role: "tool", toolCallId: "c2", content: "", error: "x" },
      { id: "p", role: "activity", activityType: "plan", content: { done: true } },
      {
        id: "m-2",
        role: "assistant",
        content: "It is 18 °C.",
        status: "complete",
        sources: [{ id: "s1", kind: "url", url: "https://a.example" }],
      },
      { id: "m-3", role: "activity", activityType: "count", content: { value: 3 } },
    ]);
  });

  it("starts a new assistant message for text after a tool call, not for a tool call after text", () => {
    const out = fromExternal([
      {
        id: "m",
        role: "assistant",
        parts: [
          text("A"),
          { type: "tool-f", toolCallId: "c1", state: "input-available", input: {} },
          { type: "tool-g", toolCallId: "c2", state: "input-available", input: {} },
          text("B"),
        ],
      },
    ]);
    expect(out.map((m) => [m.id, (m as AssistantMessage).toolCalls?.length ?? 0])).toEqual([
      ["m", 2],
      ["m-1", 0],
    ]);
  });

  it("reads approvals into the call's metadata; a pending one makes the message await input", () => {
    const out = fromExternal([
      {
        id: "m",
        role: "assistant",
        parts: [
          {
            type: "tool-pay",
            toolCallId: "c1",
            state: "approval-requested",
            input: {},
            approval: { id: "a1" },
          },
          {
            type: "tool-pay",
            toolCallId: "c2",
            state: "output-denied",
            input: {},
            approval: { id: "a2", approved: false, reason: "No" },
          },
          {
            type: "tool-pay",
            toolCallId: "c3",
            state: "approval-responded",
            input: {},
            approval: { id: "a3", approved: true, signature: "sig" },
          },
        ],
      },
    ]);
    const message = out[0] as AssistantMessage;
    expect(message.status).toBe("awaiting_input");
    expect(message.toolCalls!.map((c) => c.metadata)).toEqual([
      { approvalId: "a1" },
      { approvalId: "a2", approved: false, reason: "No" },
      { approvalId: "a3", approved: true, vercelPart: { approval: { signature: "sig" } } },
    ]);
    expect(out[1]).toEqual({
      id: "m-tool-c2",
      role: "tool",
      toolCallId: "c2",
      content: "",
      error: DENIED,
    });
  });

  it("keeps dynamic tools and provider fields in the call's metadata", () => {
    const [message] = fromExternal([
      {
        id: "m",
        role: "assistant",
        parts: [
          {
            type: "dynamic-tool",
            toolName: "search",
            toolCallId: "c",
            state: "input-available",
            input: { q: "x" },
            providerExecuted: true,
            callProviderMetadata: { openai: { itemId: "i" } },
          },
        ],
      },
    ]);
    expect((message as AssistantMessage).toolCalls).toEqual([
      call("c", "search", '{"q":"x"}', {
        vercelPart: {
          type: "dynamic-tool",
          providerExecuted: true,
          callProviderMetadata: { openai: { itemId: "i" } },
        },
      }),
    ]);
  });

  it("gives metadata, sources and files of a message without content an assistant message", () => {
    expect(
      fromExternal([
        {
          id: "m",
          role: "assistant",
          metadata: "final",
          parts: [
            { type: "reasoning-file", mediaType: "image/png", url: "https://a.example/p.png" },
          ],
        },
      ]),
    ).toEqual([
      {
        id: "m",
        role: "assistant",
        content: "",
        status: "complete",
        metadata: { value: "final" },
        files: [{ mediaType: "image/png", url: "https://a.example/p.png" }],
      },
    ]);
  });

  it("updates an activity whose data part comes again", () => {
    const out = fromExternal([
      { id: "m1", role: "assistant", parts: [{ type: "data-plan", id: "p", data: { v: 1 } }] },
      { id: "u", role: "user", parts: [{ type: "text", text: "go" }] },
      { id: "m2", role: "assistant", parts: [{ type: "data-plan", id: "p", data: { v: 2 } }] },
    ]);
    expect(out).toEqual([
      { id: "p", role: "activity", activityType: "plan", content: { v: 2 } },
      { id: "u", role: "user", content: "go" },
    ]);
  });

  it("skips what it cannot use and never throws", () => {
    expect(
      fromExternal([
        null,
        "x",
        { role: "user", parts: [] },
        { id: "a", role: "robot", parts: [] },
        {
          id: "m",
          role: "assistant",
          parts: [
            null,
            { type: 5 },
            { type: "custom", kind: "openai.x" },
            { type: "tool-f", state: "input-available" },
            // Not JSON: a call without arguments.
            { type: "tool-g", toolCallId: "c", state: "input-available", input: 1n },
            { type: "source-url", sourceId: "s" },
            { type: "file", url: 1 },
            text("ok"),
          ],
        },
      ]),
    ).toEqual([
      {
        id: "m",
        role: "assistant",
        content: "",
        status: "complete",
        toolCalls: [call("c", "g", "")],
      },
      { id: "m-1", role: "assistant", content: "ok", status: "complete" },
    ]);
    expect(converter.fromExternal("nope" as never)).toEqual([]);
    fc.assert(
      fc.property(fc.array(fc.anything()), (messages) => {
        expect(Array.isArray(fromExternal(messages))).toBe(true);
      }),
    );
  });

  it("never throws on messages with arbitrary parts", () => {
    const part = fc.record(
      {
        type: fc.constantFrom(
          "text",
          "reasoning",
          "tool-x",
          "dynamic-tool",
          "data-y",
          "file",
          "source-url",
          "step-start",
        ),
        text: fc.anything(),
        toolCallId: fc.anything(),
        toolName: fc.anything(),
        state: fc.anything(),
        input: fc.anything(),
        output: fc.anything(),
        approval: fc.anything(),
        id: fc.anything(),
        data: fc.anything(),
        url: fc.anything(),
        mediaType: fc.anything(),
      },
      { requiredKeys: ["type"] },
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            id: fc.string(),
            role: fc.constantFrom("user", "assistant", "system"),
            metadata: fc.anything(),
            parts: fc.array(part),
          }),
        ),
        (messages) => {
          const loaded = fromExternal(messages);
          expect(() => toExternal(loaded)).not.toThrow();
        },
      ),
    );
  });
});
