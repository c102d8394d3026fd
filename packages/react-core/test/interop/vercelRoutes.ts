/**
 * Route handlers written the way the AI SDK documentation writes them (`app/api/chat/route.ts`):
 * the request's `messages` are `UIMessage`s, `convertToModelMessages` turns them into the
 * model's prompt, `streamText` runs the tools and `toUIMessageStreamResponse` streams the
 * reply. Only the model is a mock (see `scriptedModel.ts`).
 *
 * Three tools, one of each kind: `getWeatherInformation` runs on the server, `getLocation` has
 * no `execute` (the client answers it), and `deleteFile` needs the user's approval (ai 6).
 */
import * as v6 from "ai";
import { MockLanguageModelV3 } from "ai/test";
import * as v5 from "ai-v5";
import { MockLanguageModelV2 } from "ai-v5/test";
import { z } from "zod";
import { scriptedModel } from "./scriptedModel";

const v6Finish = (reason: string) => ({
  type: "finish",
  finishReason: { unified: reason, raw: reason },
  usage: {
    inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 20, text: 20, reasoning: undefined },
  },
});

const v5Finish = (reason: string) => ({
  type: "finish",
  finishReason: reason,
  usage: { inputTokens: 10, outputTokens: 20, totalTokens: 30 },
});

/** What a route saw: the request bodies it received. */
export type RouteLog = { bodies: { id: string; messages: unknown[]; trigger: string }[] };

/** An ai 6 route handler, with its mock model's recorded prompts. */
export function aiV6Route() {
  const { model, prompts } = scriptedModel(MockLanguageModelV3, v6Finish);
  const log: RouteLog = { bodies: [] };
  // biome-ignore lint/correctness/noComponentHookFactories: a route handler named as Next.js names it, not a component.
  async function POST(req: Request) {
    const body = await req.json();
    log.bodies.push(body);
    const { messages }: { messages: v6.UIMessage[] } = body;

    const result = v6.streamText({
      model,
      messages: await v6.convertToModelMessages(messages),
      stopWhen: v6.stepCountIs(5),
      tools: {
        getWeatherInformation: v6.tool({
          description: "show the weather in a given city to the user",
          inputSchema: z.object({ city: z.string() }),
          execute: async ({ city }) => ({ city, weather: "sunny", celsius: 18 }),
        }),
        // Client-side tool: no execute.
        getLocation: v6.tool({
          description: "Get the user location.",
          inputSchema: z.object({}),
        }),
        deleteFile: v6.tool({
          description: "Delete a file",
          inputSchema: z.object({ path: z.string() }),
          needsApproval: true,
          execute: async ({ path }) => `deleted ${path}`,
        }),
      },
    });

    return result.toUIMessageStreamResponse();
  }
  return { POST, prompts, log };
}

/** The same route on ai 5 (no tool approvals there). */
export function aiV5Route() {
  const { model, prompts } = scriptedModel(MockLanguageModelV2, v5Finish);
  const log: RouteLog = { bodies: [] };
  // biome-ignore lint/correctness/noComponentHookFactories: a route handler named as Next.js names it, not a component.
  async function POST(req: Request) {
    const body = await req.json();
    log.bodies.push(body);
    const { messages }: { messages: v5.UIMessage[] } = body;

    const result = v5.streamText({
      model,
      messages: v5.convertToModelMessages(messages),
      stopWhen: v5.stepCountIs(5),
      tools: {
        getWeatherInformation: v5.tool({
          description: "show the weather in a given city to the user",
          inputSchema: z.object({ city: z.string() }),
          execute: async ({ city }) => ({ city, weather: "sunny", celsius: 18 }),
        }),
        getLocation: v5.tool({
          description: "Get the user location.",
          inputSchema: z.object({}),
        }),
      },
    });

    return result.toUIMessageStreamResponse();
  }
  return { POST, prompts, log };
}
