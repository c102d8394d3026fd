import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type ProducedItems, responsesRequestProblems } from "./responsesRequestProblems";

/**
 * A model behind the OpenAI Responses API (`POST /v1/responses`, `stream: true`) on a loopback
 * port: it checks each request as the API does (`responsesRequestProblems`, answering `400`
 * with OpenAI's error shape), keeps every response (so `previous_response_id` continues one),
 * and streams a reply that depends only on the conversation, with the events the API sends
 * (item added, part added, text and argument deltas, done, progress of hosted tools):
 * - a user asking about the weather: reasoning, then a `getWeather` call (the app's tool);
 * - a `getWeather` output: reasoning, then a sentence quoting it;
 * - a user asking the wiki: the MCP server's tools listed (once per conversation), then an
 *   approval request for `ask_question`;
 * - an approval: the MCP call and a sentence quoting its output; a rejection: a sentence;
 * - anything else: an echo.
 */
export async function responsesModelServer() {
  type Item = Record<string, any>;
  const responses = new Map<string, Item[]>();
  const produced: ProducedItems = { byId: new Map(), followerOf: new Map() };
  /** The bodies received, in order. */
  const requests: Item[] = [];
  /** The problems of requests answered with 400. */
  const rejected: string[] = [];
  /** Ids numbered per kind, as readable in a test: `msg_1`, `msg_2`, `call_1`, … */
  const counters = new Map<string, number>();
  const next = (prefix: string) => {
    counters.set(prefix, (counters.get(prefix) ?? 0) + 1);
    return `${prefix}_${counters.get(prefix)}`;
  };

  /** The items a reply to `conversation` (ending with the new input) holds. */
  const reply = (conversation: Item[], body: Item): Item[] => {
    const last = conversation.at(-1) ?? {};
    const encrypted = (id: string) =>
      body.include?.includes("reasoning.encrypted_content")
        ? { encrypted_content: `enc:${id}` }
        : {};
    const reasoning = (text: string) => {
      const id = next("rs");
      return { id, type: "reasoning", summary: [{ type: "summary_text", text }], ...encrypted(id) };
    };
    const message = (text: string) => ({
      id: next("msg"),
      type: "message",
      status: "completed",
      role: "assistant",
      content: [{ type: "output_text", text, annotations: [] }],
    });
    const tool = (type: string) =>
      body.tools?.some((t: Item) => t.type === type || t.name === type);
    if (last.type === "function_call_output") {
      const { temperature, city } = JSON.parse(last.output);
      return [
        reasoning("**Answering**\n\nQuote the tool."),
        message(`It is ${temperature} in ${city}.`),
      ];
    }
    if (last.type === "mcp_approval_response") {
      if (!last.approve) return [message("Understood: I did not ask the wiki.")];
      const output = "Crayon is a headless React chat SDK.";
      return [
        {
          id: next("mcp"),
          type: "mcp_call",
          status: "completed",
          approval_request_id: last.approval_request_id,
          arguments: '{"question":"What is Crayon?"}',
          error: null,
          name: "ask_question",
          output,
          server_label: "deepwiki",
        },
        message(`The wiki says: ${output}`),
      ];
    }
    const text = typeof last.content === "string" ? last.content : (last.content?.[0]?.text ?? "");
    if (/weather/i.test(text) && tool("getWeather")) {
      const callId = next("call");
      return [
        reasoning("**Looking it up**\n\nAsk the app for the weather."),
        {
          id: next("fc"),
          type: "function_call",
          status: "completed",
          arguments: '{"city":"Oslo"}',
          call_id: callId,
          name: "getWeather",
        },
      ];
    }
    if (/wiki/i.test(text) && tool("mcp")) {
      const listed = conversation.some((item) => item.type === "mcp_list_tools");
      return [
        ...(listed
          ? []
          : [
              {
                id: next("mcpl"),
                type: "mcp_list_tools",
                server_label: "deepwiki",
                tools: [
                  {
                    name: "ask_question",
                    input_schema: { type: "object", properties: { question: { type: "string" } } },
                    annotations: null,
                    description: "Ask a question about a repository.",
                  },
                ],
              },
            ]),
        {
          id: next("mcpr"),
          type: "mcp_approval_request",
          arguments: '{"question":"What is Crayon?"}',
          name: "ask_question",
          server_label: "deepwiki",
        },
      ];
    }
    return [message(`You said: ${text}`)];
  };

  /** The events that stream one output item, as the API sends them. */
  const itemEvents = (item: Item, output_index: number): Item[] => {
    const at = { item_id: item.id, output_index };
    const half = (text: string) => [text.slice(0, text.length >> 1), text.slice(text.length >> 1)];
    const added = (shape: Item) => ({
      type: "response.output_item.added",
      output_index,
      item: shape,
    });
    const done = { type: "response.output_item.done", output_index, item };
    switch (item.type) {
      case "message": {
        const { text } = item.content[0];
        const part = { type: "output_text", text: "", annotations: [] };
        return [
          added({ ...item, status: "in_progress", content: [] }),
          { type: "response.content_part.added", ...at, content_index: 0, part },
          ...half(text).map((delta) => ({
            type: "response.output_text.delta",
            ...at,
            content_index: 0,
            delta,
            logprobs: [],
          })),
          { type: "response.output_text.done", ...at, content_index: 0, text, logprobs: [] },
          { type: "response.content_part.done", ...at, content_index: 0, part: item.content[0] },
          done,
        ];
      }
      case "reasoning": {
        const { text } = item.summary[0];
        const part = { type: "summary_text", text: "" };
        return [
          added({ id: item.id, type: "reasoning", summary: [] }),
          { type: "response.reasoning_summary_part.added", ...at, summary_index: 0, part },
          ...half(text).map((delta) => ({
            type: "response.reasoning_summary_text.delta",
            ...at,
            summary_index: 0,
            delta,
          })),
          { type: "response.reasoning_summary_text.done", ...at, summary_index: 0, text },
          {
            type: "response.reasoning_summary_part.done",
            ...at,
            summary_index: 0,
            part: item.summary[0],
          },
          done,
        ];
      }
      case "function_call":
        return [
          added({ ...item, status: "in_progress", arguments: "" }),
          ...half(item.arguments).map((delta) => ({
            type: "response.function_call_arguments.delta",
            ...at,
            delta,
          })),
          { type: "response.function_call_arguments.done", ...at, arguments: item.arguments },
          done,
        ];
      case "mcp_list_tools":
        return [
          added({ ...item, tools: [] }),
          { type: "response.mcp_list_tools.in_progress", ...at },
          { type: "response.mcp_list_tools.completed", ...at },
          done,
        ];
      case "mcp_call":
        return [
          added({ ...item, status: "in_progress", arguments: "", output: null }),
          { type: "response.mcp_call.in_progress", ...at },
          { type: "response.mcp_call_arguments.delta", ...at, delta: item.arguments },
          { type: "response.mcp_call_arguments.done", ...at, arguments: item.arguments },
          { type: "response.mcp_call.completed", ...at },
          done,
        ];
      default:
        return [added(item), done];
    }
  };

  const server: Server = createServer(async (request, response) => {
    let raw = "";
    for await (const chunk of request) raw += chunk;
    const body = JSON.parse(raw) as Item;
    requests.push(body);
    const previous = body.previous_response_id;
    const before = previous === undefined ? [] : responses.get(previous);
    const problems = responsesRequestProblems(body, before, produced);
    if (problems.length > 0) {
      rejected.push(...problems);
      response.writeHead(400, { "content-type": "application/json" });
      const error = {
        message: problems[0],
        type: "invalid_request_error",
        param: null,
        code: null,
      };
      return response.end(JSON.stringify({ error }));
    }
    const conversation = [...before!, ...body.input];
    const output = reply(conversation, body);
    output.forEach((item, index) => {
      produced.byId.set(item.id, item);
      if (item.type === "reasoning") produced.followerOf.set(item.id, output[index + 1]?.id);
    });
    const id = next("resp");
    responses.set(id, [...conversation, ...output]);
    const shell = {
      id,
      object: "response",
      created_at: 0,
      model: body.model,
      output: [] as Item[],
    };
    const events = [
      { type: "response.created", response: { ...shell, status: "in_progress" } },
      { type: "response.in_progress", response: { ...shell, status: "in_progress" } },
      ...output.flatMap(itemEvents),
      {
        type: "response.completed",
        response: {
          ...shell,
          status: "completed",
          output,
          usage: { input_tokens: 10, output_tokens: 5, total_tokens: 15 },
        },
      },
    ];
    response.writeHead(200, { "content-type": "text/event-stream" });
    events.forEach((event, sequence_number) => {
      const numbered = { ...event, sequence_number };
      response.write(`event: ${event.type}\ndata: ${JSON.stringify(numbered)}\n\n`);
    });
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** The API's base URL, as `new OpenAI({ baseURL })` takes it. */
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    rejected,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
