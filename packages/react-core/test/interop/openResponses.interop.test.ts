// @vitest-environment node

import type { Message } from "@crayonai/stream";
import {
  type OpenResponsesBackendOptions,
  openResponsesBackend,
} from "@crayonai/stream/backends/open-responses";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { createChat } from "../../src/vanilla";
import { responsesModelServer } from "./responsesModelServer";
import { responsesRoute } from "./responsesRoute";

// The chat engine + openResponsesBackend against a route written as OpenAI's documentation
// writes one (`client.responses.create({ ...body, stream: true })` with the `openai` package,
// each event forwarded as SSE), in front of a model server that checks every request as the
// Responses API does and answers from the conversation. Two turns: a client tool the chat runs
// on its own, and a remote MCP tool the user approves. Real HTTP on loopback ports throughout.

const MCP_SERVER = {
  type: "mcp",
  server_label: "deepwiki",
  server_url: "https://mcp.deepwiki.com/mcp",
  require_approval: "always",
};

const getWeather = {
  name: "getWeather",
  description: "The weather in a city",
  parameters: {
    type: "object",
    properties: { city: { type: "string" } },
    required: ["city"],
    additionalProperties: false,
  },
  execute: ({ city }: { city: string }) => ({ city, temperature: "-3°C" }),
};

/** A model server, the route in front of it, and a chat that talks to the route. */
async function setUp(options: Partial<OpenResponsesBackendOptions> = {}) {
  const model = await responsesModelServer();
  const route = await responsesRoute(model.baseURL);
  onTestFinished(async () => {
    await route.close();
    await model.close();
  });
  const chat = createChat({
    ...openResponsesBackend({
      url: route.url,
      include: ["reasoning.encrypted_content"],
      body: { tools: [MCP_SERVER] },
      ...options,
    }),
    tools: [getWeather],
    streamBatching: "microtask",
  });
  const thread = chat.selectedThread();
  const state = () => thread.store.getState();
  const idle = () => vi.waitFor(() => expect(state().status).not.toMatch(/submitted|streaming/));
  return { model, thread, state, idle };
}

/** The conversation, one line per message: `role: text`, calls as `[name]`. */
function lines(messages: readonly Message[]): string[] {
  return messages.map((m) => {
    const hidden = m.isVisuallyHidden ? " (hidden)" : "";
    if (m.role === "assistant") {
      const calls = (m.toolCalls ?? []).map((c) => `[${c.function.name}]`).join("");
      return `assistant: ${m.content ?? ""}${calls}`;
    }
    if (m.role === "tool") {
      // A hosted tool's result is its item: shown by type and id.
      const item = JSON.parse(String(m.content));
      return `tool: ${item.id ? `${item.type} ${item.id}` : String(m.content)}`;
    }
    return `${m.role}${hidden}: ${"content" in m ? String(m.content) : ""}`;
  });
}

/** The conversation both tests hold in the end. */
const CONVERSATION = [
  "user: What's the weather in Oslo?",
  "reasoning: **Looking it up**\n\nAsk the app for the weather.",
  "assistant: [getWeather]",
  'tool: {"city":"Oslo","temperature":"-3°C"}',
  "reasoning: **Answering**\n\nQuote the tool.",
  "assistant: It is -3°C in Oslo.",
  "user: Ask the wiki what Crayon is.",
  "assistant: [mcp_list_tools]",
  "tool: mcp_list_tools mcpl_1",
  "assistant: [ask_question]",
  "user (hidden): Approved.",
  "assistant: [ask_question]",
  "tool: mcp_call mcp_1",
  "assistant: The wiki says: Crayon is a headless React chat SDK.",
];

/** The items the model made, as the converter sends them back. */
const weatherCall = {
  type: "function_call",
  call_id: "call_1",
  name: "getWeather",
  arguments: '{"city":"Oslo"}',
};
/** The call as the next request sends it: under its item id, which pairs it with its reasoning. */
const weatherCallById = { ...weatherCall, id: "fc_1" };
const callReasoning = {
  type: "reasoning",
  id: "rs_1",
  summary: [
    { type: "summary_text", text: "**Looking it up**" },
    { type: "summary_text", text: "Ask the app for the weather." },
  ],
  encrypted_content: "enc:rs_1",
};
const weatherOutput = {
  type: "function_call_output",
  call_id: "call_1",
  output: '{"city":"Oslo","temperature":"-3°C"}',
};
const answerReasoning = {
  type: "reasoning",
  id: "rs_2",
  summary: [
    { type: "summary_text", text: "**Answering**" },
    { type: "summary_text", text: "Quote the tool." },
  ],
  encrypted_content: "enc:rs_2",
};
const answer = {
  type: "message",
  id: "msg_1",
  role: "assistant",
  status: "completed",
  content: [{ type: "output_text", text: "It is -3°C in Oslo.", annotations: [] }],
};
const approvalRequest = {
  type: "mcp_approval_request",
  id: "mcpr_1",
  server_label: "deepwiki",
  name: "ask_question",
  arguments: '{"question":"What is Crayon?"}',
};
const approval = { type: "mcp_approval_response", approval_request_id: "mcpr_1", approve: true };
const question = (content: string) => ({ type: "message", role: "user", content });

describe("a Responses route written as OpenAI's documentation writes it", () => {
  it("holds a conversation with a client tool and an approved MCP tool, sending the whole thread each turn", async () => {
    const { model, thread, state, idle } = await setUp();

    // The client tool runs on its own and its output goes back with the next request.
    await thread.actions.processMessage("What's the weather in Oslo?");
    await idle();
    expect(state().error).toBeNull();
    expect(lines(state().messages).at(-1)).toBe("assistant: It is -3°C in Oslo.");

    // The MCP call waits for the user's approval.
    await thread.actions.processMessage("Ask the wiki what Crayon is.");
    await idle();
    expect(state().isAwaitingInput).toBe(true);
    expect(state().messages.at(-1)).toMatchObject({
      role: "assistant",
      status: "awaiting_input",
      toolCalls: [{ id: "mcpr_1", metadata: { approvalId: "mcpr_1" } }],
    });
    await thread.actions.respond({ type: "approve" });
    await idle();

    expect(model.rejected).toEqual([]);
    expect(state().error).toBeNull();
    expect(lines(state().messages)).toEqual(CONVERSATION);

    // What the model received each turn: the whole conversation, in the API's items.
    expect(model.requests.map((r) => r.previous_response_id)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    const listTools = JSON.parse(
      String(state().messages.find((m) => m.id === "mcpl_1:result")!.content),
    );
    expect(model.requests.map((r) => r.input)).toEqual([
      [question("What's the weather in Oslo?")],
      // The reasoning before the call is sent: the call goes under the item id the adapter
      // kept, which the provider matches it by.
      [question("What's the weather in Oslo?"), callReasoning, weatherCallById, weatherOutput],
      [
        question("What's the weather in Oslo?"),
        callReasoning,
        weatherCallById,
        weatherOutput,
        answerReasoning,
        answer,
        question("Ask the wiki what Crayon is."),
      ],
      [
        question("What's the weather in Oslo?"),
        callReasoning,
        weatherCallById,
        weatherOutput,
        answerReasoning,
        answer,
        question("Ask the wiki what Crayon is."),
        listTools,
        approvalRequest,
        approval,
      ],
    ]);
    expect(listTools).toMatchObject({
      id: "mcpl_1",
      type: "mcp_list_tools",
      server_label: "deepwiki",
    });
    // Every request: the route's model, a strict function tool beside the app's MCP server.
    for (const request of model.requests) {
      expect(request).toMatchObject({
        model: "gpt-test",
        stream: true,
        include: ["reasoning.encrypted_content"],
        tools: [
          MCP_SERVER,
          {
            type: "function",
            name: "getWeather",
            description: "The weather in a city",
            parameters: getWeather.parameters,
            strict: true,
          },
        ],
      });
    }
  });

  it("with previousResponseId, sends only what came after the response it continues", async () => {
    const { model, thread, state, idle } = await setUp({ previousResponseId: true });

    await thread.actions.processMessage("What's the weather in Oslo?");
    await idle();
    await thread.actions.processMessage("Ask the wiki what Crayon is.");
    await idle();
    await thread.actions.respond({ type: "approve" });
    await idle();

    expect(model.rejected).toEqual([]);
    expect(state().error).toBeNull();
    expect(lines(state().messages)).toEqual(CONVERSATION);
    expect(model.requests.map((r) => [r.previous_response_id, r.input])).toEqual([
      [undefined, [question("What's the weather in Oslo?")]],
      ["resp_1", [weatherOutput]],
      ["resp_2", [question("Ask the wiki what Crayon is.")]],
      ["resp_3", [approval]],
    ]);
  });

  it("sends a rejection with its reason, and the model goes on without the tool", async () => {
    const { model, thread, state, idle } = await setUp();
    await thread.actions.processMessage("Ask the wiki what Crayon is.");
    await idle();
    await thread.actions.respond({ type: "reject", reason: "Not now" });
    await idle();
    expect(model.rejected).toEqual([]);
    expect(model.requests.at(-1)!.input.at(-1)).toEqual({
      type: "mcp_approval_response",
      approval_request_id: "mcpr_1",
      approve: false,
      reason: "Not now",
    });
    expect(lines(state().messages).slice(-2)).toEqual([
      "user (hidden): Rejected: Not now",
      "assistant: Understood: I did not ask the wiki.",
    ]);
  });
});

describe("the model server's checks", () => {
  it("refuses what the Responses API refuses", async () => {
    const { responsesRequestProblems } = await import("./responsesRequestProblems");
    const produced = {
      byId: new Map<string, Record<string, any>>([
        ["rs_1", { id: "rs_1", type: "reasoning", summary: [] }],
        ["fc_1", { id: "fc_1", type: "function_call" }],
      ]),
      followerOf: new Map([["rs_1", "fc_1"]]),
    };
    const body = (input: unknown[], extra: object = {}) => ({
      model: "m",
      stream: true,
      input,
      ...extra,
    });
    const refused: [string, ReturnType<typeof body>][] = [
      ["an output without its call", body([weatherOutput])],
      ["a call without its output", body([weatherCall])],
      [
        "reasoning without its following item",
        body([{ type: "reasoning", id: "rs_1", summary: [] }, weatherCall, weatherOutput]),
      ],
      ["an unknown item field", body([{ ...question("Hi"), name: "ada" }])],
      ["an unknown item id", body([answer])],
      ["an answer to no approval request", body([approval])],
      [
        "a strict tool whose schema is not strict",
        body([question("Hi")], {
          tools: [
            {
              type: "function",
              name: "f",
              parameters: { type: "object", properties: { a: {} } },
              strict: true,
            },
          ],
        }),
      ],
      ["a chat completions field", body([question("Hi")], { messages: [] })],
    ];
    for (const [what, request] of refused) {
      expect(responsesRequestProblems(request, [], produced), what).not.toEqual([]);
    }
    expect(responsesRequestProblems(body([question("Hi")]), [], produced)).toEqual([]);
  });
});
