import type { CrayonStreamEvent, Message, UserMessage } from "@crayonai/stream";
import { freshId, reasoningDeltas, textDeltas, toolCall } from "./scriptEvents";
import { CITED_SOURCES, LONG_ANSWER, MARKDOWN_ANSWER, PLAN_STEPS, REASONING } from "./scriptTexts";

/** One scripted reply: the events a backend would stream for it. */
export type ChatScript = {
  /** Streamed in order, one frame per event. */
  events: CrayonStreamEvent[];
  /** Keeps the stream open after the last event, so the reply stays "streaming" forever. */
  neverFinishes?: boolean;
};

/** The replies a scripted chat can give. */
export type ScriptName =
  | "markdown"
  | "reasoning"
  | "thinkingForever"
  | "toolDone"
  | "toolRunningForever"
  | "toolFailed"
  | "plan"
  | "approval"
  | "question"
  | "errorMidStream"
  | "long"
  | "neverFinishes"
  | "halfWritten"
  | "cited"
  | "mcpClock"
  | "echo";

/**
 * What to type to get each reply (the first matching keyword wins, see {@link scriptNameFor}).
 * Stories send these, and they double as conversation starters.
 */
export const SCRIPT_PROMPTS = {
  markdown: "Show me a markdown example with code",
  reasoning: "Think it through: is 1,001 prime?",
  thinkingForever: "Think deeply about the meaning of life",
  toolDone: "What's the weather in Paris?",
  toolRunningForever: "Search the archive for the 2019 audit",
  toolFailed: "Look up the stock price of ACME",
  plan: "Plan the 0.7 release",
  approval: "Delete the old build artifacts",
  question: "Deploy the app",
  errorMidStream: "Summarise the quarterly report",
  long: "Write a long guide to streaming UIs",
  neverFinishes: "Tell me a story that never ends",
  halfWritten: "Show the half-written formatting",
  cited: "Which protocols stream over SSE? Cite your sources",
  mcpClock: "Show the world clock for Tokyo",
} as const satisfies Record<Exclude<ScriptName, "echo">, string>;

/** Keywords that pick a script, checked in order against the user's text (lower case). */
const KEYWORDS: [string, ScriptName][] = [
  ["markdown", "markdown"],
  ["think deeply", "thinkingForever"],
  ["think", "reasoning"],
  ["weather", "toolDone"],
  ["archive", "toolRunningForever"],
  ["stock", "toolFailed"],
  ["plan", "plan"],
  ["delete", "approval"],
  ["deploy", "question"],
  ["report", "errorMidStream"],
  ["long", "long"],
  ["never ends", "neverFinishes"],
  ["half-written", "halfWritten"],
  ["cite", "cited"],
  ["world clock", "mcpClock"],
];

/** The script the user's text asks for; anything else is echoed. */
export function scriptNameFor(text: string): ScriptName {
  const lower = text.toLowerCase();
  return KEYWORDS.find(([keyword]) => lower.includes(keyword))?.[1] ?? "echo";
}

/** The text of a user message (multimodal content: its text parts). */
export function userText(message: UserMessage): string {
  if (typeof message.content === "string") return message.content;
  return message.content
    .map((part) => (part.type === "text" ? part.text : ""))
    .join(" ")
    .trim();
}

function planScript(): ChatScript {
  const messageId = freshId("plan");
  const events: CrayonStreamEvent[] = [
    {
      type: "activity-snapshot",
      activityType: "PLAN",
      messageId,
      content: {
        title: "Release 0.7",
        steps: PLAN_STEPS.map((title) => ({ title, status: "pending" })),
      },
    },
  ];
  PLAN_STEPS.forEach((_, index) => {
    events.push({
      type: "activity-delta",
      activityType: "PLAN",
      messageId,
      patch: [{ op: "replace", path: `/steps/${index}/status`, value: "in_progress" }],
    });
    events.push({
      type: "activity-delta",
      activityType: "PLAN",
      messageId,
      patch: [{ op: "replace", path: `/steps/${index}/status`, value: "completed" }],
    });
  });
  events.push(...textDeltas("All four steps are done: **0.7 is ready to publish**."));
  return { events };
}

/** The script for a named reply (fresh ids on every call). */
export function chatScript(name: ScriptName, lastUserText = ""): ChatScript {
  switch (name) {
    case "markdown":
      return { events: textDeltas(MARKDOWN_ANSWER) };
    case "reasoning": {
      const messageId = freshId("rsn");
      return {
        events: [
          { type: "reasoning-start", messageId },
          ...reasoningDeltas(REASONING, messageId),
          { type: "reasoning-end", messageId },
          ...textDeltas("No. **1,001 = 7 × 11 × 13**, so it is not prime."),
        ],
      };
    }
    case "thinkingForever": {
      const messageId = freshId("rsn");
      return {
        events: [
          { type: "reasoning-start", messageId },
          ...reasoningDeltas(
            "Meaning depends on who is asking. Start with what people value…",
            messageId,
          ),
        ],
        neverFinishes: true,
      };
    }
    case "toolDone": {
      const id = freshId("call");
      return {
        events: [
          ...textDeltas("Let me check the forecast."),
          ...toolCall(id, "get_weather", { city: "Paris", unit: "celsius" }),
          {
            type: "tool-call-result",
            toolCallId: id,
            // The demo agent's weather report, so the demo weather card can show it.
            content: JSON.stringify({
              city: "Paris",
              temperatureC: 18,
              condition: "sunny",
              humidityPercent: 55,
              windKmh: 12,
            }),
          },
          ...textDeltas("It is **18 °C and sunny** in Paris right now."),
        ],
      };
    }
    case "toolRunningForever": {
      const id = freshId("call");
      return {
        events: [
          ...textDeltas("Searching the archive."),
          ...toolCall(id, "search_archive", { query: "audit 2019", limit: 20 }),
        ],
        neverFinishes: true,
      };
    }
    case "toolFailed": {
      const id = freshId("call");
      return {
        events: [
          ...toolCall(id, "get_stock_price", { symbol: "ACME" }),
          {
            type: "tool-call-result",
            toolCallId: id,
            content: "",
            error: "Market data service unavailable (503)",
          },
          ...textDeltas("I couldn't reach the market data service. Please try again later."),
        ],
      };
    }
    case "plan":
      return planScript();
    case "mcpClock": {
      // An MCP App's tool (the stories' fake MCP routes list get_time with an interface): its
      // arguments arrive a few characters at a time, so the app shows them as they stream.
      const id = freshId("call");
      // The time zone comes last, so the app sees it grow.
      const json = JSON.stringify({
        label: "The Tokyo office, Shibuya",
        format: "24h",
        timezone: "Asia/Tokyo",
      });
      const chunks = json.match(/.{1,3}/g) ?? [];
      return {
        events: [
          ...textDeltas("Opening the world clock."),
          { type: "tool-call-start", toolCallId: id, toolCallName: "get_time" },
          ...chunks.map((delta) => ({ type: "tool-call-args" as const, toolCallId: id, delta })),
          { type: "tool-call-end", toolCallId: id },
          {
            type: "tool-call-result",
            toolCallId: id,
            content: JSON.stringify({
              content: [{ type: "text", text: "14:05 in Asia/Tokyo" }],
              structuredContent: { time: "14:05", timezone: "Asia/Tokyo" },
            }),
          },
          ...textDeltas("It is **14:05** in Tokyo."),
        ],
      };
    }
    case "approval": {
      const id = freshId("call");
      return {
        events: [
          ...textDeltas("This deletes 42 files in `build/old`. It needs your approval."),
          ...toolCall(id, "delete_files", { path: "build/old", count: 42 }),
          { type: "tool-approval-request", toolCallId: id, approvalId: freshId("approval") },
        ],
      };
    }
    case "question":
      return {
        events: [
          ...textDeltas("Which environment should I deploy to: **staging** or **production**?"),
          { type: "status-update", status: "awaiting_input" },
        ],
      };
    case "errorMidStream":
      return {
        events: [
          ...textDeltas("Revenue grew 12% quarter over quarter, driven by"),
          {
            type: "error",
            error: "The model provider timed out. Try again.",
            code: "server_error",
          },
        ],
      };
    case "long":
      return { events: textDeltas(LONG_ANSWER, 12) };
    case "neverFinishes":
      return {
        events: textDeltas("Once upon a time, in a repository far away, a stream began and"),
        neverFinishes: true,
      };
    case "halfWritten":
      // Stops mid-sentence with markers still open, as a model's stream does between tokens.
      return {
        events: textDeltas(
          "Finished blocks render once:\n\n- **bold** and `code`\n- a [link](https://example.com)\n\nThe growing block is healed: **still bold, with a [link still being wri",
        ),
        neverFinishes: true,
      };
    case "cited":
      return {
        events: [
          ...textDeltas(
            "Most chat backends stream over Server-Sent Events [1]. AG-UI sends one JSON event per frame [2], and the AI SDK does the same with its UI message chunks [3].",
          ),
          ...CITED_SOURCES.map((source): CrayonStreamEvent => ({ type: "source", source })),
        ],
      };
    case "echo":
      return { events: textDeltas(`You said: "${lastUserText}". Try one of the suggestions.`) };
  }
}

/** A reply to the user's answer of an `awaiting_input` message (approve, reject or text). */
function resumeScript(context: Record<string, unknown>, text: string): ChatScript {
  if (context.response === "reject") {
    return { events: textDeltas("Okay, nothing was deleted.") };
  }
  if (context.response === "approve" && typeof context.toolCallId === "string") {
    return {
      events: [
        {
          type: "tool-call-result",
          toolCallId: context.toolCallId,
          content: JSON.stringify({ deleted: 42 }),
        },
        ...textDeltas("Done: **42 files** deleted."),
      ],
    };
  }
  return {
    events: textDeltas(
      `Deploying to **${text || "staging"}**. You'll get a message when it's live.`,
    ),
  };
}

/** The `human-response` context of a user message that answers an awaiting message, if any. */
function humanResponseOf(message: UserMessage): Record<string, unknown> | undefined {
  for (const item of message.context ?? []) {
    if (
      item &&
      typeof item === "object" &&
      !Array.isArray(item) &&
      item.type === "human-response"
    ) {
      return item;
    }
  }
  return undefined;
}

/**
 * The reply to a conversation: an answer to a human-in-the-loop pause resumes it; otherwise the
 * last user message's text picks the script. `attempt` counts sends of the same user message, so
 * a retried failure succeeds.
 */
export function scriptForConversation(messages: Message[], attempt: number): ChatScript {
  const last = [...messages].reverse().find((m): m is UserMessage => m.role === "user");
  if (!last) return chatScript("echo");
  const text = userText(last);
  const response = humanResponseOf(last);
  if (response) return resumeScript(response, text);
  const name = scriptNameFor(text);
  if (name === "errorMidStream" && attempt > 1) {
    return {
      events: textDeltas(
        "Revenue grew 12% quarter over quarter, driven by the new enterprise plan. Costs stayed flat.",
      ),
    };
  }
  return chatScript(name, text);
}
