import { describe, expect, it } from "vitest";
import { responseEvents, responsesWire } from "../../../test/openResponsesStream";
import { collect, recordingFetch, responseFromChunks } from "../../../test/streams";
import { createMessageAccumulator } from "../../accumulator/messageAccumulator";
import type { Message, ToolMessage, UserMessage } from "../../message";
import {
  type OpenResponsesBackendOptions,
  type OpenResponsesChatRequest,
  openResponsesBackend,
} from "./openResponsesBackend";

const URL = "http://localhost:8000/v1/responses";

const user = (content: string, id = "u1"): UserMessage => ({ id, role: "user", content });

/** A request for `thread`, converted as the chat converts it. */
function chatRequest(
  thread: Message[],
  overrides: Partial<OpenResponsesChatRequest> = {},
): OpenResponsesChatRequest {
  return {
    threadId: "thread-1",
    runId: "run-1",
    messages: openResponsesBackend({ url: URL }).messageConverter.toExternal(thread),
    abortController: new AbortController(),
    trigger: "submit-message",
    state: undefined,
    tools: [],
    ...overrides,
  };
}

/** Sends a request through a backend made with `options`; returns what was POSTed. */
async function send(
  request: OpenResponsesChatRequest,
  options: Partial<OpenResponsesBackendOptions> = {},
) {
  const { fetch, calls } = recordingFetch();
  await openResponsesBackend({ url: URL, fetch, ...options }).processMessage(request);
  const { url, init } = calls[0]!;
  return { url, init, body: JSON.parse(init.body as string) as Record<string, any> };
}

describe("openResponsesBackend – the request", () => {
  it("POSTs JSON to the url as given, asking for SSE, with the abort signal", async () => {
    const request = chatRequest([user("Hi")]);
    const { url, init } = await send(request, { url: "/api/chat?agent=a" });
    expect(url).toBe("/api/chat?agent=a");
    expect(init).toMatchObject({
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    });
    expect(init.signal).toBe(request.abortController.signal);
  });

  it("sends the model, the thread as input, stream: true, store and include; model and store only when given", async () => {
    const request = chatRequest([user("Hi")]);
    const { body } = await send(request, {
      model: "gpt-5",
      store: false,
      include: ["reasoning.encrypted_content"],
    });
    expect(body).toEqual({
      model: "gpt-5",
      input: [{ type: "message", role: "user", content: "Hi" }],
      stream: true,
      store: false,
      include: ["reasoning.encrypted_content"],
    });
    expect((await send(request)).body).toEqual({ input: request.messages, stream: true });
  });

  it("merges the body option (object or async function of the request); its own fields win but tools and include add up", async () => {
    const request = chatRequest([user("Hi")], {
      tools: [{ name: "weather", parameters: { type: "object", properties: {} } }],
    });
    const seen: OpenResponsesChatRequest[] = [];
    const { body } = await send(request, {
      model: "gpt-5",
      include: ["reasoning.encrypted_content"],
      body: async (r) => {
        seen.push(r);
        return {
          instructions: "Be brief.",
          model: "ignored",
          stream: false,
          input: [],
          tools: [{ type: "web_search" }],
          include: ["web_search_call.action.sources"],
        };
      },
    });
    expect(seen).toEqual([request]);
    expect(body).toEqual({
      instructions: "Be brief.",
      model: "gpt-5",
      input: request.messages,
      stream: true,
      tools: [
        { type: "web_search" },
        {
          type: "function",
          name: "weather",
          parameters: { type: "object", properties: {} },
          strict: false,
        },
      ],
      include: ["web_search_call.action.sources", "reasoning.encrypted_content"],
    });
  });

  it("declares client tools as function tools, strict when their schema allows", async () => {
    const strict = {
      type: "object",
      properties: { city: { type: "string" } },
      required: ["city"],
      additionalProperties: false,
    };
    const { body } = await send(
      chatRequest([user("Hi")], {
        tools: [{ name: "weather", description: "Weather in a city", parameters: strict }],
      }),
    );
    expect(body.tools).toEqual([
      {
        type: "function",
        name: "weather",
        description: "Weather in a city",
        parameters: strict,
        strict: true,
      },
    ]);
  });

  it("adds Authorization: Bearer <apiKey>; headers given explicitly win", async () => {
    const { init } = await send(chatRequest([user("Hi")]), {
      apiKey: "sk-test",
      headers: { "X-Team": "a" },
    });
    expect(init.headers).toMatchObject({ Authorization: "Bearer sk-test", "X-Team": "a" });
    const own = await send(chatRequest([user("Hi")]), {
      apiKey: "sk-test",
      headers: async () => ({ Authorization: "Bearer session" }),
    });
    expect(own.init.headers).toMatchObject({ Authorization: "Bearer session" });
  });

  it("leaves out what the API refuses together: a call the app never answered", async () => {
    const thread: Message[] = [
      user("Weather?"),
      {
        id: "a1",
        role: "assistant",
        status: "stopped",
        toolCalls: [{ id: "call_1", type: "function", function: { name: "w", arguments: "{}" } }],
      },
      user("Never mind.", "u2"),
    ];
    const { body } = await send(chatRequest(thread));
    expect(body.input.map((item: { type: string }) => item.type)).toEqual(["message", "message"]);
  });

  it("resume is off by default; with resume: true it reaches {url}/{threadId}/stream", async () => {
    expect(openResponsesBackend({ url: URL }).resumeStream).toBeUndefined();
    const calls: string[] = [];
    const fetch = (async (url: string, init: RequestInit) => {
      calls.push(`${init.method} ${url}`);
      return new Response(null, { status: 204 });
    }) as unknown as typeof globalThis.fetch;
    const backend = openResponsesBackend({ url: "/api/chat", resume: true, fetch });
    const signal = new AbortController().signal;
    expect(await backend.resumeStream!({ threadId: "t1", position: 3, signal })).toBeNull();
    await backend.stopStream!({ threadId: "t1" });
    expect(calls).toEqual(["GET /api/chat/t1/stream?position=3", "DELETE /api/chat/t1/stream"]);
  });
});

// ─── A tool round trip, as the chat engine runs it (request → stream → accumulator → request) ───

/** A fetch that answers each request with the next response's SSE and records the bodies. */
function scriptedFetch(outputs: Record<string, any>[][], fail?: number) {
  const bodies: Record<string, any>[] = [];
  const fetch = (async (_url: RequestInfo | URL, init?: RequestInit) => {
    bodies.push(JSON.parse(init!.body as string));
    const turn = bodies.length - 1;
    const events = responseEvents(outputs[turn] ?? [], `resp_${turn + 1}`);
    // A failed response: the stream breaks off before its end.
    const body = responsesWire(turn === fail ? events.slice(0, -1) : events);
    return responseFromChunks([body], { headers: { "Content-Type": "text/event-stream" } });
  }) as typeof globalThis.fetch;
  return { fetch, bodies };
}

/** Runs one turn like the chat: a request for `thread`, its reply read into the thread. */
async function turn(
  backend: ReturnType<typeof openResponsesBackend>,
  thread: Message[],
  trigger: OpenResponsesChatRequest["trigger"] = "submit-message",
): Promise<Message[]> {
  const response = await backend.processMessage({
    ...chatRequest(thread, { trigger, tools: [{ name: "weather" }] }),
    messages: backend.messageConverter.toExternal(thread),
  });
  const accumulator = createMessageAccumulator({ messages: thread });
  for (const event of await collect(backend.streamProtocol.parse(response))) {
    accumulator.apply(event);
  }
  accumulator.finish();
  return accumulator.getMessages();
}

const weatherCall = {
  id: "fc_1",
  type: "function_call",
  status: "completed",
  call_id: "call_1",
  name: "weather",
  arguments: '{"city":"Oslo"}',
};
const answer = (id: string, text: string) => ({
  id,
  type: "message",
  role: "assistant",
  status: "completed",
  content: [{ type: "output_text", text, annotations: [] }],
});
const result: ToolMessage = { id: "t1", role: "tool", toolCallId: "call_1", content: "-3°C" };

describe("openResponsesBackend – a client tool round trip", () => {
  it("sends the call and its output back with the whole thread", async () => {
    const { fetch, bodies } = scriptedFetch([[weatherCall], [answer("msg_1", "Cold.")]]);
    const backend = openResponsesBackend({ url: URL, model: "gpt-5", fetch });
    let thread = await turn(backend, [user("Weather in Oslo?")]);
    expect(thread.at(-1)).toMatchObject({
      role: "assistant",
      toolCalls: [{ id: "call_1", function: { name: "weather", arguments: '{"city":"Oslo"}' } }],
    });
    thread = await turn(backend, [...thread, result], "tool-result");
    expect(bodies[1]!.input).toEqual([
      { type: "message", role: "user", content: "Weather in Oslo?" },
      { type: "function_call", call_id: "call_1", name: "weather", arguments: '{"city":"Oslo"}' },
      { type: "function_call_output", call_id: "call_1", output: "-3°C" },
    ]);
    expect(bodies[1]).not.toHaveProperty("previous_response_id");
    expect(thread.at(-1)).toMatchObject({ id: "msg_1", content: "Cold.", status: "complete" });
  });

  it("with previousResponseId, continues the last response and sends only what came after it", async () => {
    const { fetch, bodies } = scriptedFetch([
      [weatherCall],
      [answer("msg_1", "Cold.")],
      [answer("msg_2", "Take a coat.")],
    ]);
    const backend = openResponsesBackend({ url: URL, previousResponseId: true, fetch });
    let thread = await turn(backend, [user("Weather in Oslo?")]);
    thread = await turn(backend, [...thread, result], "tool-result");
    thread = await turn(backend, [...thread, user("So?", "u2")]);
    expect(bodies.map((body) => [body.previous_response_id, body.input])).toEqual([
      [undefined, [{ type: "message", role: "user", content: "Weather in Oslo?" }]],
      ["resp_1", [{ type: "function_call_output", call_id: "call_1", output: "-3°C" }]],
      ["resp_2", [{ type: "message", role: "user", content: "So?" }]],
    ]);
    // Another backend (a reloaded page) knows no response: the whole thread goes.
    const reloaded = scriptedFetch([[answer("msg_3", "Yes.")]]);
    await turn(
      openResponsesBackend({ url: URL, previousResponseId: true, fetch: reloaded.fetch }),
      [...thread, user("Sure?", "u3")],
    );
    expect(reloaded.bodies[0]).not.toHaveProperty("previous_response_id");
    expect(reloaded.bodies[0]!.input).toHaveLength(7);
  });

  it("continues the response before a regenerated one, and never one that failed", async () => {
    const { fetch, bodies } = scriptedFetch(
      [[answer("msg_1", "One.")], [answer("msg_2", "Two.")], [answer("msg_3", "Three.")], []],
      2,
    );
    const backend = openResponsesBackend({ url: URL, previousResponseId: true, fetch });
    const first = await turn(backend, [user("A")]);
    const second = await turn(backend, [...first, user("B", "u2")]);
    // Regenerating the second reply: its question again, after the first reply.
    await turn(backend, second.slice(0, -1));
    expect(bodies[2]).toMatchObject({
      previous_response_id: "resp_1",
      input: [{ type: "message", role: "user", content: "B" }],
    });
    // The third response broke off: the next request continues the first one.
    await turn(backend, [...second.slice(0, -1), user("C", "u3")]);
    expect(bodies[3]!.previous_response_id).toBe("resp_1");
  });

  it("refuses previousResponseId with store: false", () => {
    expect(() =>
      openResponsesBackend({ url: URL, previousResponseId: true, store: false }),
    ).toThrow(/store: false/);
  });
});
