import { openAIBackend } from "@crayonai/stream/backends/openai";
import { describe, expect, it } from "vitest";
import { openAICompatibleEndpoint } from "./openAIServer";
import { renderUseChat, serveRoutes } from "./routeServer";

// useChat + openAIBackend against an OpenAI-compatible Chat Completions server that validates
// requests as the OpenAI API does: three turns, a declared client tool, its result sent back.

const BASE = "http://llm.test/v1";
const routes = serveRoutes([`${BASE}/chat/completions`]);

describe("an OpenAI-compatible server", () => {
  it("holds a multi-turn conversation with a client tool", async () => {
    const server = openAICompatibleEndpoint();
    routes.use(`${BASE}/chat/completions`, server.POST);
    const chat = renderUseChat({
      ...openAIBackend({ baseURL: BASE, model: "local-model", apiKey: "sk-test" }),
      tools: [{ name: "getTime", description: "The user's local time", execute: () => "noon" }],
    });

    await chat.send("Hi");
    await chat.send("What time is it?");
    await chat.send("Thanks");

    expect(server.rejected).toEqual([]);
    expect(chat.thread().error).toBeNull();
    expect(chat.lines()).toEqual([
      "user: Hi",
      "assistant: You said: Hi (turn 1)",
      "user: What time is it?",
      "assistant: [getTime]",
      "tool: noon",
      "assistant: It is noon.",
      "user: Thanks",
      "assistant: You said: Thanks (turn 3)",
    ]);

    // Server side: four streaming requests for the model, tools declared each time, and the
    // whole history (tool call and result paired) on the last one.
    expect(server.requests).toHaveLength(4);
    expect(server.requests.every((r) => r.stream && r.model === "local-model")).toBe(true);
    expect(server.requests[0]!.tools).toEqual([
      {
        type: "function",
        function: {
          name: "getTime",
          description: "The user's local time",
          parameters: { type: "object", properties: {} },
        },
      },
    ]);
    expect(server.requests[3]!.messages).toEqual([
      { role: "user", content: "Hi" },
      { role: "assistant", content: "You said: Hi (turn 1)" },
      { role: "user", content: "What time is it?" },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "call_2", type: "function", function: { name: "getTime", arguments: "{}" } },
        ],
      },
      { role: "tool", tool_call_id: "call_2", content: "noon" },
      { role: "assistant", content: "It is noon." },
      { role: "user", content: "Thanks" },
    ]);
  });

  it("keeps each turn's reply apart when the server reuses one completion id", async () => {
    const server = openAICompatibleEndpoint({ completionId: "chatcmpl-same" });
    routes.use(`${BASE}/chat/completions`, server.POST);
    const chat = renderUseChat({
      ...openAIBackend({ baseURL: BASE, model: "local-model" }),
      tools: [{ name: "getTime", execute: () => "noon" }],
    });

    await chat.send("Hi");
    await chat.send("What time is it?");
    await chat.send("Thanks");

    expect(server.rejected).toEqual([]);
    // The second turn's tool call is answered: it was not appended to the first reply.
    expect(server.requests).toHaveLength(4);
    const lines = chat.lines();
    expect(lines.slice(0, 3)).toEqual([
      "user: Hi",
      "assistant: You said: Hi (turn 1)",
      "user: What time is it?",
    ]);
    expect(lines.slice(-2)).toEqual(["user: Thanks", "assistant: You said: Thanks (turn 3)"]);
    expect(lines.join("\n")).toContain("It is noon.");
    const ids = chat.thread().messages.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("sends a stopped reply's unanswered tool call in a form the API accepts", async () => {
    const server = openAICompatibleEndpoint();
    routes.use(`${BASE}/chat/completions`, server.POST);
    // getTime is declared without execute: nothing answers the call.
    const chat = renderUseChat({
      ...openAIBackend({ baseURL: BASE, model: "m" }),
      tools: [{ name: "getTime" }],
    });
    await chat.send("What time is it?");
    expect(chat.lines().at(-1)).toBe("assistant: [getTime]");
    await chat.send("Never mind");
    expect(server.rejected).toEqual([]);
    expect(chat.lines().at(-1)).toBe("assistant: You said: Never mind (turn 2)");
  });
});
