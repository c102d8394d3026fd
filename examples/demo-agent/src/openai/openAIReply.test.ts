import type { AddressInfo } from "node:net";
import type { ToolMessage } from "@crayonai/stream";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markdownText } from "../agent/scripts/markdown";
import { weatherFor } from "../agent/weather";
import { userMessage } from "../testSupport/clientRequests";
import { converse } from "../testSupport/conversation";
import { assistants, replyOf } from "../testSupport/decodedReply";
import { testApp } from "../testSupport/testApps";

// A local stand-in for the OpenAI Chat Completions API: the first call asks for the weather
// tool, the call after the tool result answers in text.

type ChatRequest = {
  model: string;
  stream: boolean;
  messages: { role: string; content?: unknown; tool_call_id?: string }[];
  tools?: { function: { name: string } }[];
};

const requests: { authorization: string | undefined; body: ChatRequest }[] = [];

function sse(chunks: unknown[]): string {
  return `${chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join("")}data: [DONE]\n\n`;
}

const chunk = (id: string, delta: object, finish: string | null = null) => ({
  id,
  object: "chat.completion.chunk",
  choices: [{ index: 0, delta, finish_reason: finish }],
});

const fakeOpenAI = new Hono().post("/v1/chat/completions", async (c) => {
  const body = (await c.req.json()) as ChatRequest;
  requests.push({ authorization: c.req.header("authorization"), body });
  const answered = body.messages.some((m) => m.role === "tool");
  const stream = answered
    ? sse([
        chunk("chatcmpl-2", { role: "assistant", content: "It is " }),
        chunk("chatcmpl-2", { content: "mild in Paris." }),
        chunk("chatcmpl-2", {}, "stop"),
      ])
    : sse([
        chunk("chatcmpl-1", {
          role: "assistant",
          tool_calls: [
            {
              index: 0,
              id: "call_weather",
              type: "function",
              function: { name: "get_weather", arguments: '{"city":' },
            },
          ],
        }),
        chunk("chatcmpl-1", { tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }),
        chunk("chatcmpl-1", {}, "tool_calls"),
      ]);
  return c.body(stream, 200, { "content-type": "text/event-stream" });
});

let server: ReturnType<typeof serve>;
let baseURL = "";

beforeAll(async () => {
  server = serve({ fetch: fakeOpenAI.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => {
  server.close();
});

describe("with an OpenAI-compatible model", () => {
  it.each(["crayon", "ag-ui", "vercel"] as const)(
    "answers over %s, running the weather tool on the server",
    async (protocol) => {
      requests.length = 0;
      const app = await testApp({ openai: { apiKey: "test-key", baseURL, model: "demo-model" } });
      const history = [userMessage("What is the weather in Paris?")];
      const reply = replyOf(await converse(app, history, protocol), history);

      expect(reply.map((m) => m.role)).toEqual(["assistant", "tool", "assistant"]);
      expect(assistants(reply)[0]?.toolCalls?.[0]).toMatchObject({
        id: "call_weather",
        function: { name: "get_weather", arguments: '{"city":"Paris"}' },
      });
      expect(JSON.parse((reply[1] as ToolMessage).content as string)).toEqual(weatherFor("Paris"));
      expect(reply[2]).toMatchObject({ content: "It is mild in Paris.", status: "complete" });

      expect(requests).toHaveLength(2);
      const [first, second] = requests;
      expect(first?.authorization).toBe("Bearer test-key");
      expect(first?.body).toMatchObject({ model: "demo-model", stream: true });
      expect(first?.body.tools?.map((t) => t.function.name)).toEqual(["get_weather"]);
      expect(first?.body.messages.at(-1)).toEqual({
        role: "user",
        content: "What is the weather in Paris?",
      });
      expect(second?.body.messages.at(-1)).toEqual({
        role: "tool",
        tool_call_id: "call_weather",
        content: JSON.stringify(weatherFor("Paris")),
      });
    },
  );

  it("still runs the scripts for commands", async () => {
    requests.length = 0;
    const app = await testApp({ openai: { apiKey: "test-key", baseURL } });
    const history = [userMessage("/markdown")];
    const reply = replyOf(await converse(app, history), history);
    expect(assistants(reply)[0]?.content).toBe(markdownText);
    expect(requests).toHaveLength(0);
  });

  it("reports a model that cannot be reached as an error on the reply", async () => {
    const app = await testApp({ openai: { apiKey: "bad", baseURL: `${baseURL}/missing` } });
    const history = [userMessage("Hi")];
    const reply = replyOf(await converse(app, history), history);
    expect(assistants(reply)[0]?.status).toBe("error");
  });
});
