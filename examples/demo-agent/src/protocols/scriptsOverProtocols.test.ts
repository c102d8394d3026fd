import type {
  ActivityMessage,
  AssistantMessage,
  Message,
  ReasoningMessage,
  ToolMessage,
} from "@crayonai/stream";
import { beforeAll, describe, expect, it } from "vitest";
import { demoScripts } from "../agent/scripts";
import { approvalToolName, meetingArguments } from "../agent/scripts/approve";
import {
  bookingQuestion,
  confirmedText,
  confirmToolName,
  declinedText,
} from "../agent/scripts/confirm";
import { errorMessage, errorPartialText } from "../agent/scripts/error";
import {
  hostedCodeLogs,
  hostedCodeText,
  hostedImagePrompt,
  hostedImageText,
  hostedSearchText,
  hostedSources,
} from "../agent/scripts/hosted";
import { hostedImages } from "../agent/scripts/hostedImages";
import { longText } from "../agent/scripts/long";
import { markdownText } from "../agent/scripts/markdown";
import { planSteps, planSummaryText } from "../agent/scripts/plan";
import { reasonAnswerText, reasoningText } from "../agent/scripts/reason";
import { demoSources, sourcesText } from "../agent/scripts/sources";
import { weatherSentence } from "../agent/scripts/tool";
import { weatherFor } from "../agent/weather";
import { weatherClientTool } from "../browser/weatherClientTool";
import { userMessage } from "../testSupport/clientRequests";
import { converse } from "../testSupport/conversation";
import { assistants, assistantText, replyOf } from "../testSupport/decodedReply";
import { testApp } from "../testSupport/testApps";
import { type DemoProtocol, demoProtocols } from "./demoProtocols";
import { hostedToolTypes } from "./hostedToolProgress";

// Every script over every protocol, sent in the protocol's own request format, encoded by the
// server and decoded by the package's adapter plus `createMessageAccumulator`, as a client
// would. Rich protocols carry every kind of message; OpenAI's carries text, reasoning and the
// tool calls the client runs; Open Responses those, sources, approvals and the tools the server
// runs; the text-only ones carry the text.

const richProtocols = ["crayon", "ag-ui", "vercel"] as const satisfies DemoProtocol[];
const toolProtocols = [
  ...richProtocols,
  "openai",
  "open-responses",
] as const satisfies DemoProtocol[];
const textProtocols = ["plain-text", "text"] as const satisfies DemoProtocol[];
const degradedProtocols = ["openai", ...textProtocols] as const satisfies DemoProtocol[];

type App = Awaited<ReturnType<typeof testApp>>;
let app: App;
beforeAll(async () => {
  app = await testApp();
});

async function reply(command: string, protocol: DemoProtocol) {
  const history = [userMessage(command)];
  const decoded = await converse(app, history, protocol);
  return { ...decoded, reply: replyOf(decoded, history) };
}

const roles = (messages: readonly Message[]) => messages.map((m) => m.role);

describe("the same /markdown conversation over every protocol", () => {
  it.each(demoProtocols)("%s gives the script's markdown, complete", async (protocol) => {
    const { reply: messages } = await reply("/markdown", protocol);
    expect(roles(messages)).toEqual(["assistant"]);
    expect(assistants(messages)[0]).toMatchObject({ content: markdownText, status: "complete" });
  });
});

describe.each(toolProtocols)("protocol %s, which carries reasoning and tool calls", (protocol) => {
  it("/reason streams a finished reasoning message before the answer", async () => {
    const { reply: messages } = await reply("/reason", protocol);
    expect(roles(messages)).toEqual(["reasoning", "assistant"]);
    const reasoning = messages[0] as ReasoningMessage;
    expect(reasoning.content).toBe(reasoningText);
    expect(reasoning.isThinking).toBe(false);
    expect(messages[1]).toMatchObject({ content: reasonAnswerText, status: "complete" });
  });

  it("/tool calls the weather tool and answers with its result", async () => {
    const { reply: messages } = await reply("/tool Paris", protocol);
    expect(roles(messages)).toEqual(["assistant", "tool", "assistant"]);
    const [call] = assistants(messages)[0]!.toolCalls ?? [];
    expect(call?.function).toEqual({ name: "get_weather", arguments: '{"city":"Paris"}' });
    const tool = messages[1] as ToolMessage;
    expect(tool.toolCallId).toBe(call?.id);
    expect(JSON.parse(tool.content as string)).toEqual(weatherFor("Paris"));
    expect(messages[2]).toMatchObject({
      content: weatherSentence(weatherFor("Paris")),
      status: "complete",
    });
  });

  it.each([
    ['{"confirmed":true}', confirmedText],
    ['{"confirmed":false}', declinedText],
  ])(
    "/confirm leaves its call to the client's UI and goes on with its answer %s",
    async (content, text) => {
      const threadId = `confirm-${protocol}-${content.length}`;
      const history = [userMessage("/confirm")];
      const asked = await converse(app, history, protocol, threadId);
      const [call] = assistants(replyOf(asked, history))[0]!.toolCalls ?? [];
      expect(call?.function.name).toBe(confirmToolName);
      expect(JSON.parse(call!.function.arguments)).toEqual(bookingQuestion);
      expect(replyOf(asked, history).some((m) => m.role === "tool")).toBe(false);

      const answer: ToolMessage = { id: "t1", role: "tool", toolCallId: call!.id, content };
      const turn = [...asked.messages, answer];
      const answered = await converse(app, turn, protocol, threadId);
      expect(assistantText(replyOf(answered, turn))).toBe(text);
    },
  );

  it("/tool streams the arguments in several pieces", async () => {
    const { events } = await reply("/tool", protocol);
    expect(events.filter((e) => e.type === "tool-call-args").length).toBeGreaterThan(1);
  });
});

describe.each(richProtocols)("rich protocol %s", (protocol) => {
  it("/plan ends with every step done, then summarises", async () => {
    const { reply: messages, events } = await reply("/plan", protocol);
    expect(roles(messages)).toEqual(["activity", "assistant"]);
    const plan = messages[0] as ActivityMessage;
    expect(plan.activityType).toBe("plan");
    expect(plan.content.steps).toEqual(planSteps.map((title) => ({ title, status: "done" })));
    expect(messages[1]).toMatchObject({ content: planSummaryText });
    // The steps progress live: several updates reach the client, not only the final state.
    const updates = events.filter((e) => e.type.startsWith("activity-"));
    expect(updates.length).toBeGreaterThan(planSteps.length);
  });

  it("/approve pauses on a tool call that waits for approval", async () => {
    const { reply: messages } = await reply("/approve", protocol);
    expect(roles(messages)).toEqual(["assistant"]);
    const waiting = assistants(messages)[0]!;
    expect(waiting.status).toBe("awaiting_input");
    expect(waiting.toolCalls?.[0]?.function).toEqual({
      name: approvalToolName,
      arguments: JSON.stringify(meetingArguments),
    });
  });

  it("/error keeps the partial text and reports the server's error", async () => {
    const { reply: messages } = await reply("/error", protocol);
    expect(roles(messages)).toEqual(["assistant"]);
    expect(messages[0]).toMatchObject({
      content: errorPartialText,
      status: "error",
      error: errorMessage,
    });
  });

  it("/sources answers with the cited text", async () => {
    const { reply: messages } = await reply("/sources", protocol);
    expect(assistantText(messages)).toBe(sourcesText);
  });
});

describe.each(["crayon", "vercel"] as const)("protocol %s carries sources", (protocol) => {
  it("/sources attaches every source to the answer", async () => {
    const { reply: messages } = await reply("/sources", protocol);
    expect(assistants(messages)[0]?.sources).toEqual(demoSources);
  });
});

describe("protocol ag-ui carries sources as custom events", () => {
  it("/sources sends each source as a crayon:source custom event", async () => {
    const { events } = await reply("/sources", "ag-ui");
    const sources = events.flatMap((e) =>
      e.type === "custom" && e.name === "crayon:source" ? [(e.value as any).source] : [],
    );
    expect(sources).toEqual(demoSources);
  });
});

describe("approval requests", () => {
  it.each(["crayon", "vercel"] as const)("%s names the approval on the tool call", async (p) => {
    const { reply: messages } = await reply("/approve", p);
    const call = assistants(messages)[0]!.toolCalls![0]!;
    expect(call.metadata?.approvalId).toBe(`approval-${call.id}`);
  });

  it("ag-ui ends the run with an interrupt naming the tool call", async () => {
    const { reply: messages, events } = await reply("/approve", "ag-ui");
    const call = assistants(messages)[0]!.toolCalls![0]!;
    const outcome = events.find((e) => e.type === "custom" && e.name === "ag-ui:run-outcome");
    expect(outcome).toMatchObject({
      value: {
        type: "interrupt",
        interrupts: [{ reason: "tool_approval", toolCallId: call.id, id: `approval-${call.id}` }],
      },
    });
    expect(events.at(-1)).toMatchObject({ type: "run-finish", outcome: "interrupt" });
  });
});

describe.each(textProtocols)("text-only protocol %s", (protocol) => {
  it("/tool gives both texts, a blank line apart", async () => {
    const { reply: messages } = await reply("/tool", protocol);
    expect(roles(messages)).toEqual(["assistant"]);
    expect(messages[0]).toMatchObject({
      content: `Let me check the weather in Berlin.\n\n${weatherSentence(weatherFor("Berlin"))}`,
    });
  });

  it("/reason gives the answer without the reasoning", async () => {
    const { reply: messages } = await reply("/reason", protocol);
    expect(assistantText(messages)).toBe(reasonAnswerText);
  });
});

describe.each(degradedProtocols)(
  "protocol %s, which has no activities or approvals",
  (protocol) => {
    it("/plan gives the summary", async () => {
      const { reply: messages } = await reply("/plan", protocol);
      expect(assistantText(messages)).toBe(planSummaryText);
    });

    it("/sources lists the sources as links after the text", async () => {
      const { reply: messages } = await reply("/sources", protocol);
      const links = demoSources.map((s, i) => `${i + 1}. [${s.title}](${s.url})`).join("\n");
      expect(assistantText(messages)).toBe(`${sourcesText}\n\nSources:\n${links}`);
    });

    it("/approve says that approval needs a richer protocol", async () => {
      const { reply: messages } = await reply("/approve", protocol);
      expect(assistantText(messages)).toMatch(/cannot carry.*approve or reject/);
      expect(assistants(messages)[0]?.status).toBe("complete");
    });
  },
);

describe("/error over the protocols without activities", () => {
  it.each(["openai", "open-responses", "plain-text"] as const)(
    "%s keeps the partial text and reports the error",
    async (protocol) => {
      const { reply: messages } = await reply("/error", protocol);
      expect(messages[0]).toMatchObject({
        content: errorPartialText,
        status: "error",
        error: errorMessage,
      });
    },
  );

  it("text, which has no error frame, keeps the partial text and tells the error as text", async () => {
    const { reply: messages } = await reply("/error", "text");
    expect(messages[0]).toMatchObject({ content: `${errorPartialText}\n\nError: ${errorMessage}` });
  });
});

describe.each(demoProtocols)("every protocol: %s", (protocol) => {
  it("/long streams at least 400 text deltas of the long answer", async () => {
    const { reply: messages, events } = await reply("/long", protocol);
    expect(assistantText(messages)).toBe(longText);
    expect(events.filter((e) => e.type === "text-delta").length).toBeGreaterThanOrEqual(400);
  });

  it("/help lists every command", async () => {
    const { reply: messages } = await reply("/help", protocol);
    const text = assistantText(messages);
    for (const command of ["/help", "/markdown", "/reason", "/tool", "/plan", "/approve"]) {
      expect(text).toContain(`\`${command}\``);
    }
    for (const command of ["/error", "/long", "/sources"]) expect(text).toContain(command);
  });

  it("anything else is echoed with a pointer to /help", async () => {
    const { reply: messages } = await reply("What can you do?", protocol);
    expect(assistantText(messages)).toContain("> What can you do?");
    expect(assistantText(messages)).toContain("`/help`");
  });
});

describe("agent state", () => {
  it.each(["crayon", "ag-ui"] as const)(
    "%s carries /count's state to the client",
    async (protocol) => {
      const { state, events } = await reply("/count", protocol);
      expect(state).toEqual({ count: 1 });
      expect(events.some((e) => e.type === "state-snapshot")).toBe(true);
    },
  );

  it.each(["vercel", "openai", "open-responses", "plain-text", "text"] as const)(
    "%s has no place for it: the client gets none",
    async (protocol) => {
      const { state, reply: messages } = await reply("/count", protocol);
      expect(state).toBeUndefined();
      expect(assistantText(messages)).toContain("now **1**");
    },
  );
});

describe.each([...richProtocols, "open-responses"] as const)(
  "protocol %s, which carries attachments",
  (protocol) => {
    it("a message with an image and a PDF is answered with what was attached", async () => {
      const history: Message[] = [
        {
          id: "u-files",
          role: "user",
          content: [
            { type: "text", text: "Here you go" },
            {
              type: "image",
              filename: "photo.png",
              source: { type: "data", mimeType: "image/png", value: "iVBORw0KGgo=" },
            },
            {
              type: "document",
              filename: "report.pdf",
              source: { type: "url", value: "https://files.example.com/report.pdf" },
            },
          ],
        },
      ];
      const decoded = await converse(app, history, protocol);
      const text = assistantText(replyOf(decoded, history));
      expect(text).toContain("> Here you go");
      expect(text).toContain("You attached 2 files");
      // AG-UI's media parts have no file name: the agent sees the kind and the size only. Nor has
      // a Responses `input_image` (its `input_file` has one).
      const [image, pdf] =
        protocol === "ag-ui"
          ? ["a file", "a file"]
          : protocol === "open-responses"
            ? ["a file", "report.pdf"]
            : ["photo.png", "report.pdf"];
      expect(text).toContain(`- ${image} (image, 8 bytes)`);
      expect(text).toContain(`- ${pdf} (document)`);
    });
  },
);

describe("protocol open-responses, which has no activities or agent state", () => {
  it("/plan gives the summary", async () => {
    const { reply: messages } = await reply("/plan", "open-responses");
    expect(roles(messages)).toEqual(["assistant"]);
    expect(assistantText(messages)).toBe(planSummaryText);
  });

  it("/sources attaches every source as a URL citation, named by its URL", async () => {
    const { reply: messages } = await reply("/sources", "open-responses");
    expect(assistantText(messages)).toBe(sourcesText);
    expect(assistants(messages)[0]?.sources).toEqual(
      demoSources.map(({ url, title }) => ({ id: url, kind: "url", url, title })),
    );
  });

  it("/approve asks as an MCP approval request of the demo server, named by the approval", async () => {
    const { reply: messages, events } = await reply("/approve", "open-responses");
    const waiting = assistants(messages)[0]!;
    expect(waiting.status).toBe("awaiting_input");
    const [list, call] = waiting.toolCalls!;
    expect(list?.function.name).toBe("mcp_list_tools");
    expect(JSON.parse(list!.function.arguments)).toMatchObject({
      server_label: "demo",
      tools: [{ name: approvalToolName }],
    });
    expect(call).toMatchObject({
      function: { name: approvalToolName, arguments: JSON.stringify(meetingArguments) },
      metadata: { approvalId: call!.id },
    });
    expect(events.at(-1)).toMatchObject({ type: "run-finish", outcome: "interrupt" });
  });
});

/** The card a hosted tool call's last result describes: the item, its random id left out. */
function cards(messages: readonly Message[]) {
  return messages.flatMap((m) => {
    if (m.role !== "tool" || typeof m.content !== "string") return [];
    const { id: _id, ...item } = JSON.parse(m.content);
    return hostedToolTypes.has(item.type) ? [item] : [];
  });
}

describe("/hosted, the tools a server runs itself", () => {
  it.each([...richProtocols, "open-responses"] as const)(
    "%s shows a web search, the code run and the image made as their finished items, with the answers",
    async (protocol) => {
      const { reply: messages, events } = await reply("/hosted", protocol);
      expect(cards(messages)).toMatchObject([
        {
          type: "web_search_call",
          status: "completed",
          action: { sources: hostedSources.map(({ url }) => ({ type: "url", url })) },
        },
        {
          type: "code_interpreter_call",
          status: "completed",
          outputs: [{ type: "logs", logs: hostedCodeLogs }],
        },
        {
          type: "image_generation_call",
          status: "completed",
          revised_prompt: hostedImagePrompt,
          result: hostedImages.final,
        },
      ]);
      expect(assistantText(messages)).toBe(
        [hostedSearchText, hostedCodeText, hostedImageText].join("\n\n"),
      );
      // AG-UI carries sources as custom events, not on the message.
      if (protocol !== "ag-ui") {
        expect(assistants(messages).find((m) => m.sources)?.sources).toEqual(hostedSources);
      }
      // The cards move as the server works: each state reached the client.
      const states = events.flatMap((e) =>
        e.type === "tool-call-result" ? [JSON.parse(e.content)] : [],
      );
      const statuses = (type: string) =>
        [...new Set(states.filter((s) => s.type === type).map((s) => s.status))].join(" ");
      expect(statuses("web_search_call")).toBe("in_progress searching completed");
      expect(statuses("image_generation_call")).toBe("in_progress generating completed");
      expect(states.filter((s) => s.partial_image_b64).map((s) => s.partial_image_b64)).toEqual(
        hostedImages.partial,
      );
      expect(
        states.some((s) => s.type === "code_interpreter_call" && s.status === "interpreting"),
      ).toBe(true);
    },
  );

  it.each(["openai", "text"] as const)("%s gives the answers' text", async (protocol) => {
    const { reply: messages } = await reply("/hosted", protocol);
    expect(cards(messages)).toEqual([]);
    expect(assistantText(messages)).toContain(hostedCodeText);
  });
});

/** Each random id (`msg-<uuid>`, `crevnclaw-<uuid>:turn-1`, a bare UUID) as `<idN>`, by its UUID. */
function neutralIds(json: string): string {
  const seen = new Map<string, string>();
  return json.replace(
    /(?:[a-z]+[-_])*([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/g,
    (_, uuid: string) => {
      if (!seen.has(uuid)) seen.set(uuid, `<id${seen.size + 1}>`);
      return seen.get(uuid)!;
    },
  );
}

/**
 * A reply as an Open Responses stream can carry it, with ids made comparable: no activities,
 * message metadata or reasoning durations (the client times its own); no call the server answered
 * itself, with its result (the tools a server runs are the hosted ones, and the client runs
 * `get_weather`); sources named by their URL; an approval named by its approval id (the MCP
 * request item's), without the MCP server's tool list that precedes it; a tool result named by
 * its call.
 */
function asResponsesCarry(messages: readonly Message[]): string {
  const clientRun = new Set([weatherClientTool.name, "confirm_action"]);
  const results = new Map<string, ToolMessage>();
  for (const m of messages) if (m.role === "tool") results.set(m.toolCallId, m);
  const dropped = new Set<string>();
  const kept = (call: { id: string; function: { name: string }; metadata?: any }) => {
    const serverRun =
      results.has(call.id) &&
      !hostedToolTypes.has(call.function.name) &&
      !clientRun.has(call.function.name);
    if (call.function.name === "mcp_list_tools" || (serverRun && !call.metadata?.approvalId))
      dropped.add(call.id);
    return !dropped.has(call.id);
  };
  const carried = messages.flatMap((m): Message[] => {
    switch (m.role) {
      case "activity":
        return [];
      case "reasoning": {
        const { durationMs: _duration, ...rest } = m;
        return [rest];
      }
      case "assistant": {
        const { metadata: _metadata, toolCalls, sources, ...rest } = m as AssistantMessage;
        // A call's item id (`fc_…`, kept as its encrypted value) is what only a response has.
        const calls = (toolCalls ?? []).filter(kept).map(({ encryptedValue: _itemId, ...call }) => {
          const approvalId = call.metadata?.approvalId;
          return typeof approvalId === "string" ? { ...call, id: approvalId } : call;
        });
        return [
          {
            ...rest,
            ...(calls.length > 0 && { toolCalls: calls }),
            ...(sources && { sources: sources.map((s) => ({ ...s, id: s.url ?? s.id })) }),
          },
        ];
      }
      case "tool":
        // A result the client sent (over open-responses) has an id of the client's.
        return [{ ...m, id: `${m.toolCallId}:result` }];
      default:
        return [m];
    }
  });
  return neutralIds(
    JSON.stringify(carried.filter((m) => m.role !== "tool" || !dropped.has(m.toolCallId))),
  );
}

describe("every script over open-responses reads as over crayon, less what a response cannot carry", () => {
  // /mcp's call is an `mcp_call` of its server there, named by the MCP tool, and its result the
  // server's time of the moment: agent/scripts/mcp.test.ts reads it over each protocol.
  const commands = demoScripts.map((script) => script.command).filter((c) => c !== "/mcp");
  it.each(commands)("%s", async (command) => {
    const crayon = await reply(command, "crayon");
    const responses = await reply(command, "open-responses");
    expect(asResponsesCarry(responses.reply)).toBe(asResponsesCarry(crayon.reply));
    expect(responses.events.filter((e) => e.type === "error").length).toBe(
      crayon.events.filter((e) => e.type === "error").length,
    );
  });
});
