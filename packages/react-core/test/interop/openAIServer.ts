/**
 * An OpenAI-compatible Chat Completions endpoint (`POST /v1/chat/completions`, `stream: true`),
 * as vLLM, Ollama, LiteLLM or a proxy serve it. It validates the request the way the OpenAI API
 * does — known roles, `tool` messages answering an earlier `tool_calls[].id`, every tool call
 * answered before the conversation goes on — and answers `400` with OpenAI's error shape
 * otherwise. The "model" is scripted: "what time" calls the declared `getTime` tool; a tool
 * result gets a sentence quoting it; anything else an echo with the number of user turns.
 */
import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
} from "openai/resources/chat/completions";

/** The first rule `body` breaks, as OpenAI words it, or undefined when it is valid. */
export function openAIRequestError(body: any): { message: string; param: string } | undefined {
  if (typeof body?.model !== "string")
    return { message: "you must provide a model parameter", param: "model" };
  if (!Array.isArray(body.messages) || body.messages.length === 0)
    return { message: "'messages' must be a non-empty array", param: "messages" };
  const roles = ["system", "developer", "user", "assistant", "tool"];
  let open = new Set<string>();
  const seen = new Set<string>();
  for (const [i, message] of (body.messages as any[]).entries()) {
    const param = `messages.[${i}]`;
    if (!roles.includes(message?.role)) return { message: `Invalid role at ${param}`, param };
    if (message.role === "tool") {
      if (!seen.has(message.tool_call_id) || !open.has(message.tool_call_id))
        return {
          message: `Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.`,
          param,
        };
      open.delete(message.tool_call_id);
      if (typeof message.content !== "string" && !Array.isArray(message.content))
        return { message: `Invalid content at ${param}`, param };
      continue;
    }
    if (open.size > 0)
      return {
        message: `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...open].join(", ")}`,
        param,
      };
    if (message.role === "assistant") {
      if (message.content == null && !message.tool_calls?.length)
        return {
          message: `Assistant message at ${param} has neither content nor tool_calls`,
          param,
        };
      open = new Set((message.tool_calls ?? []).map((call: { id: string }) => call.id));
      for (const id of open) seen.add(id);
    } else if (typeof message.content !== "string" && !Array.isArray(message.content)) {
      return { message: `Invalid content at ${param}`, param };
    }
  }
  if (open.size > 0)
    return {
      message: `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...open].join(", ")}`,
      param: "messages",
    };
  return undefined;
}

const textOf = (message: ChatCompletionMessageParam | undefined) =>
  typeof message?.content === "string"
    ? message.content
    : (message?.content ?? []).map((part) => ("text" in part ? part.text : "")).join("");

/**
 * The endpoint, with the requests it accepted and rejected. `completionId` makes it answer
 * every request under that one id, as some compatible servers do.
 */
export function openAICompatibleEndpoint(options: { completionId?: string } = {}) {
  const requests: ChatCompletionCreateParamsStreaming[] = [];
  const rejected: { body: unknown; error: string }[] = [];
  // biome-ignore lint/correctness/noComponentHookFactories: a route handler named as Next.js names it, not a component.
  async function POST(request: Request): Promise<Response> {
    const body = await request.json();
    const error = openAIRequestError(body);
    if (error) {
      rejected.push({ body, error: error.message });
      return Response.json(
        { error: { ...error, type: "invalid_request_error", code: null } },
        { status: 400 },
      );
    }
    requests.push(body);
    const { messages, model } = body as ChatCompletionCreateParamsStreaming;
    const n = requests.length;
    const last = messages[messages.length - 1];
    const chunk = (delta: object, finish: string | null = null): ChatCompletionChunk =>
      ({
        id: options.completionId ?? `chatcmpl-${n}`,
        object: "chat.completion.chunk",
        created: 1_735_000_000,
        model,
        choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
      }) as ChatCompletionChunk;
    const chunks: ChatCompletionChunk[] = [chunk({ role: "assistant", content: "" })];
    const say = (text: string) => {
      for (const piece of text.match(/.{1,8}/g) ?? []) chunks.push(chunk({ content: piece }));
      chunks.push(chunk({}, "stop"));
    };
    if (last?.role === "tool") {
      say(`It is ${textOf(last)}.`);
    } else if (
      /what time/i.test(textOf(last)) &&
      body.tools?.some((t: any) => t.function?.name === "getTime")
    ) {
      chunks.push(
        chunk({
          tool_calls: [
            {
              index: 0,
              id: `call_${n}`,
              type: "function",
              function: { name: "getTime", arguments: "" },
            },
          ],
        }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: "{}" } }] }),
        chunk({}, "tool_calls"),
      );
    } else {
      const turns = messages.filter((m) => m.role === "user").length;
      say(`You said: ${textOf(last)} (turn ${turns})`);
    }
    const sse = `${chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join("")}data: [DONE]\n\n`;
    return new Response(sse, { headers: { "Content-Type": "text/event-stream" } });
  }
  return { POST, requests, rejected };
}
