import { vercelAIBackend } from "@crayonai/stream/backends/vercel";
import { describe, expect, it } from "vitest";
import { renderUseChat, serveRoutes } from "./routeServer";
import { transcript } from "./scriptedModel";
import { aiV5Route, aiV6Route } from "./vercelRoutes";

// useChat + vercelAIBackend against unchanged AI SDK route handlers (ai 5 and ai 6), three
// turns: a server tool, a client tool answered in the browser and sent back on its own, and
// (ai 6) a tool that waits for the user's approval.

const API = "http://app.test/api/chat";
const routes = serveRoutes([API]);

const location = { city: "Oslo" };
const clientTools = [
  { name: "getLocation", description: "Get the user location.", execute: () => location },
];

describe.each([
  ["ai 6", aiV6Route],
  ["ai 5", aiV5Route],
])("an %s route handler", (_name, makeRoute) => {
  it("holds a multi-turn conversation with a server tool and a client tool", async () => {
    const route = makeRoute();
    routes.use(API, route.POST);
    const chat = renderUseChat({ ...vercelAIBackend({ api: API }), tools: clientTools });

    await chat.send("What is the weather in Berlin?");
    await chat.send("Where am I?");
    await chat.send("Thanks!");

    expect(chat.thread().error).toBeNull();
    const weather = '{"city":"Berlin","weather":"sunny","celsius":18}';
    expect(chat.lines()).toEqual([
      "user: What is the weather in Berlin?",
      "assistant: [getWeatherInformation]",
      `tool: ${weather}`,
      `assistant: Tool getWeatherInformation said ${weather}.`,
      "user: Where am I?",
      "assistant: [getLocation]",
      'tool: {"city":"Oslo"}',
      'assistant: Tool getLocation said {"city":"Oslo"}.',
      "user: Thanks!",
      "assistant: You said: Thanks!",
    ]);

    // The server got DefaultChatTransport's body every time, and the client tool's result was
    // sent back on its own.
    const threadId = chat.thread().threadId;
    expect(route.log.bodies.map((b) => [b.id, b.trigger])).toEqual([
      [threadId, "submit-message"],
      [threadId, "submit-message"],
      [threadId, "submit-message"],
      [threadId, "submit-message"],
    ]);
    // The model saw the whole history, tool calls and results included, on the last turn.
    expect(transcript(route.prompts.at(-1)!)).toEqual([
      "user: What is the weather in Berlin?",
      'assistant: call getWeatherInformation {"city":"Berlin"}',
      `tool: result getWeatherInformation ${weather}`,
      `assistant: Tool getWeatherInformation said ${weather}.`,
      "user: Where am I?",
      "assistant: call getLocation {}",
      'tool: result getLocation {"city":"Oslo"}',
      'assistant: Tool getLocation said {"city":"Oslo"}.',
      "user: Thanks!",
    ]);
  });
});

describe("an ai 6 route handler with a tool that needs approval", () => {
  it.each([
    ["approve", "deleted a.txt"],
    ["reject", undefined],
  ] as const)("runs the tool only once the user answers: %s", async (answer, output) => {
    const route = aiV6Route();
    routes.use(API, route.POST);
    const chat = renderUseChat({ ...vercelAIBackend({ api: API }), tools: clientTools });

    await chat.send("Hello");
    await chat.send("Please delete a.txt");
    expect(chat.thread().isAwaitingInput).toBe(true);
    expect(chat.lines().at(-1)).toBe("assistant: [deleteFile]");
    expect(route.prompts).toHaveLength(2);

    await chat.respond({ type: answer, ...(answer === "reject" && { reason: "keep it" }) });
    expect(chat.thread().error).toBeNull();
    expect(chat.thread().isAwaitingInput).toBe(false);

    // The answer went back as the tool part's approval, in the message that asked.
    const lastBody = route.log.bodies.at(-1)!;
    const asked = lastBody.messages.at(-1) as { role: string; parts: Record<string, any>[] };
    expect(asked.role).toBe("assistant");
    expect(asked.parts.find((p) => p.type === "tool-deleteFile")).toMatchObject({
      state: "approval-responded",
      approval: { approved: answer === "approve" },
    });

    if (output) {
      expect(transcript(route.prompts.at(-1)!)).toEqual([
        "user: Hello",
        "assistant: You said: Hello",
        "user: Please delete a.txt",
        'assistant: call deleteFile {"path":"a.txt"}',
        `tool: result deleteFile "${output}"`,
      ]);
      expect(chat.lines().slice(-2)).toEqual([
        `tool: ${output}`,
        `assistant: Tool deleteFile said "${output}".`,
      ]);
    } else {
      // Denied: the tool never ran; the model is told and answers.
      const lines = transcript(route.prompts.at(-1)!);
      expect(lines).not.toContain('tool: result deleteFile "deleted a.txt"');
      expect(lines.slice(0, 4)).toEqual([
        "user: Hello",
        "assistant: You said: Hello",
        "user: Please delete a.txt",
        'assistant: call deleteFile {"path":"a.txt"}',
      ]);
    }
  });
});
