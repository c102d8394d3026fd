import type { ChatRequest, CrayonStreamEvent, ToolMessage } from "@crayonai/stream";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";
import * as v from "valibot";
import { describe, expect, expectTypeOf, it, vi } from "vitest";
import { z } from "zod";
import { renderChat, settle, setupChatBackend, start } from "../../../test/renderChat";
import type { ClientTool } from "../../types";
import { defineTool } from "./defineTool";

const backend = setupChatBackend();

/** A reply that calls `name` with `args` (JSON text). */
function replyCalling(name: string, args: string) {
  const events: CrayonStreamEvent[] = [
    { type: "tool-call-start", toolCallId: "c1", toolCallName: name },
    { type: "tool-call-args", toolCallId: "c1", delta: args },
    { type: "tool-call-end", toolCallId: "c1" },
  ];
  backend.reply(events);
  backend.reply([{ type: "text-delta", text: "Done." }]);
}

/** Sends a message to a chat with `tools`; returns the requests made and the tool answer. */
async function chatWith(tools: ClientTool[]) {
  const requests: ChatRequest<any>[] = [];
  const chat = renderChat(backend, {
    tools,
    processMessage: (request) => {
      requests.push(request);
      return backend.processMessage(request);
    },
  });
  await settle(start(() => chat.thread().processMessage("Go")));
  const answer = chat.thread().messages.find((m): m is ToolMessage => m.role === "tool");
  return { requests, answer };
}

const weatherSchema = z.object({
  city: z.string().describe("The city"),
  unit: z.enum(["C", "F"]).default("C"),
});

describe("defineTool in a chat", () => {
  it("sends the schema's JSON Schema as the tool's parameters", async () => {
    const weather = defineTool({
      name: "get_weather",
      description: "Weather",
      schema: weatherSchema,
    });
    replyCalling("other", "{}");
    const { requests } = await chatWith([weather]);
    expect(requests[0]!.tools).toEqual([
      {
        name: "get_weather",
        description: "Weather",
        parameters: expect.objectContaining({
          type: "object",
          properties: {
            city: { type: "string", description: "The city" },
            unit: expect.objectContaining({ enum: ["C", "F"] }),
          },
          required: ["city"],
        }),
      },
    ]);
  });

  it("gives execute the schema's output: defaults and transforms applied", async () => {
    const execute = vi.fn((args: { city: string; unit: "C" | "F" }) => `${args.city} ${args.unit}`);
    const schema = weatherSchema.extend({ city: z.string().trim().toUpperCase() });
    replyCalling("get_weather", '{"city":"  oslo "}');
    const { answer, requests } = await chatWith([
      defineTool({ name: "get_weather", schema, execute }),
    ]);
    expect(execute).toHaveBeenCalledWith({ city: "OSLO", unit: "C" }, expect.anything());
    expect(answer).toMatchObject({ content: "OSLO C" });
    expect(answer!.error).toBeUndefined();
    expect(requests).toHaveLength(2);
  });

  it("answers invalid arguments with an error naming each issue and its path, without executing", async () => {
    const execute = vi.fn(() => "ran");
    const schema = z.object({ stops: z.array(z.object({ city: z.string() })), days: z.number() });
    replyCalling("plan_trip", '{"stops":[{"city":"Oslo"},{"city":3}]}');
    const { answer, requests } = await chatWith([
      defineTool({ name: "plan_trip", schema, execute }),
    ]);
    expect(execute).not.toHaveBeenCalled();
    expect(answer!.error).toMatch(/^Invalid arguments for plan_trip: /);
    expect(answer!.error).toContain("stops[1].city: ");
    expect(answer!.error).toContain("days: ");
    // The model sees the error in the request that continues the conversation.
    const sent = requests[1]!.messages.find((m: { role: string }) => m.role === "tool");
    expect(sent).toMatchObject({ toolCallId: "c1", error: answer!.error });
  });

  it("waits for an asynchronous validation", async () => {
    const execute = vi.fn(() => "ran");
    const schema = z.object({
      city: z.string().refine(async (city) => city !== "Atlantis", "No such city"),
    });
    replyCalling("get_weather", '{"city":"Atlantis"}');
    const { answer } = await chatWith([defineTool({ name: "get_weather", schema, execute })]);
    expect(answer!.error).toBe("Invalid arguments for get_weather: city: No such city");
    expect(execute).not.toHaveBeenCalled();
  });

  it("answers a call whose arguments are not JSON with the schema's error", async () => {
    replyCalling("get_weather", '{"city":');
    const { answer } = await chatWith([
      defineTool({ name: "get_weather", schema: weatherSchema, execute: () => "ran" }),
    ]);
    expect(answer!.error).toMatch(/^Invalid arguments for get_weather: /);
  });

  const confirm = defineTool({ name: "confirm", schema: z.object({ question: z.string() }) });

  it("leaves valid calls of a tool without execute to the UI", async () => {
    replyCalling("confirm", '{"question":"Book it?"}');
    const { answer, requests } = await chatWith([confirm]);
    expect(answer).toBeUndefined();
    expect(requests).toHaveLength(1);
  });

  it("answers invalid calls of a tool without execute", async () => {
    replyCalling("confirm", '{"question":1}');
    const { answer } = await chatWith([confirm]);
    expect(answer!.error).toMatch(/^Invalid arguments for confirm: question: /);
  });

  it("passes execute the validated arguments in its request too", async () => {
    const execute = vi.fn((_args: unknown, request: { args: unknown }) => request.args);
    replyCalling("get_weather", '{"city":"Oslo"}');
    const { answer } = await chatWith([
      defineTool({ name: "get_weather", schema: weatherSchema, execute }),
    ]);
    expect(answer).toMatchObject({ content: '{"city":"Oslo","unit":"C"}' });
  });
});

describe("defineTool's JSON Schema", () => {
  it("takes valibot's through toStandardJsonSchema, and arktype's own", () => {
    const valibot = defineTool({
      name: "v",
      schema: toStandardJsonSchema(v.object({ city: v.string() })),
    });
    const arktype = defineTool({ name: "a", schema: type({ city: "string" }) });
    for (const tool of [valibot, arktype]) {
      expect(tool.parameters).toMatchObject({
        type: "object",
        properties: { city: { type: "string" } },
        required: ["city"],
      });
    }
  });

  it("sends an explicit parameters schema instead of the schema's own", () => {
    const parameters = { type: "object", properties: { q: { type: "string" } } };
    const tool = defineTool({ name: "search", schema: weatherSchema, parameters });
    expect(tool.parameters).toBe(parameters);
  });

  it("refuses a schema without JSON Schema when no parameters are given, saying how to give one", () => {
    const schema = v.object({ city: v.string() });
    // @ts-expect-error valibot's own schemas carry no JSON Schema: `parameters` is required.
    expect(() => defineTool({ name: "get_weather", schema })).toThrow(
      /defineTool\("get_weather"\): the valibot schema has no JSON Schema.*Pass `parameters`/,
    );
    const parameters = { type: "object", properties: { city: { type: "string" } } };
    expect(defineTool({ name: "get_weather", schema, parameters }).parameters).toBe(parameters);
  });

  it("reports a schema that cannot be written as JSON Schema", () => {
    const schema = z.object({ when: z.date() });
    expect(() => defineTool({ name: "book", schema })).toThrow(
      /defineTool\("book"\): the zod schema cannot be written as JSON Schema/,
    );
  });
});

describe("defineTool's types", () => {
  it("types execute's arguments as the schema's output and keeps the name literal", () => {
    const tool = defineTool({
      name: "get_weather",
      schema: weatherSchema,
      execute: async (args) => {
        expectTypeOf(args).toEqualTypeOf<{ city: string; unit: "C" | "F" }>();
        return { tempC: 3 };
      },
    });
    expectTypeOf(tool.name).toEqualTypeOf<"get_weather">();
    expectTypeOf<NonNullable<(typeof tool)["~types"]>>().toEqualTypeOf<{
      args: { city: string; unit: "C" | "F" };
      result: { tempC: number };
    }>();
  });
});
