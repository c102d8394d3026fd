/**
 * An AG-UI agent endpoint written the way the AG-UI documentation's server quickstart writes
 * one: the body is validated as `RunAgentInput` with `@ag-ui/core`'s schema, and events are
 * written with `@ag-ui/encoder`'s `EventEncoder`, as Server-Sent Events. Only the agent's
 * "model" is scripted: it keeps a todo list in the shared state and reads the conversation.
 *
 * - "Start a todo list": a `STATE_SNAPSHOT` and a text reply.
 * - "Add …": a backend tool call (`addTodo`) with its result, a `STATE_DELTA` patching the state
 *   the client sent back, and a text reply.
 * - "What time is it?": a call to the frontend tool `getTime`, which must be among the
 *   request's `tools`; the run ends and the client answers it.
 * - A `tool` message last: a reply quoting the result and counting the todos in `state`.
 */
import { type BaseEvent, EventType, type RunAgentInput } from "@ag-ui/core";
import { RunAgentInputSchema } from "@ag-ui/core/schemas";
import { EventEncoder } from "@ag-ui/encoder";

type TodoState = { todos?: string[] };

function lastText(input: RunAgentInput): string {
  const last = input.messages[input.messages.length - 1];
  return last && typeof last.content === "string" ? last.content : "";
}

/** The events of one run, by what the conversation asks. */
function* runEvents(input: RunAgentInput, n: number): Generator<BaseEvent> {
  const { threadId, runId } = input;
  const state = (input.state ?? {}) as TodoState;
  const last = input.messages[input.messages.length - 1];
  const text = lastText(input);
  const say = function* (messageId: string, words: string): Generator<BaseEvent> {
    yield { type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" } as BaseEvent;
    for (const delta of words.match(/.{1,8}/g) ?? []) {
      yield { type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta } as BaseEvent;
    }
    yield { type: EventType.TEXT_MESSAGE_END, messageId } as BaseEvent;
  };

  yield { type: EventType.RUN_STARTED, threadId, runId } as BaseEvent;
  if (last?.role === "tool") {
    const count = state.todos?.length ?? 0;
    yield* say(`answer-${n}`, `It is ${last.content}. You have ${count} todos.`);
  } else if (/start a todo list/i.test(text)) {
    yield { type: EventType.STATE_SNAPSHOT, snapshot: { todos: ["write"] } } as BaseEvent;
    yield* say(`answer-${n}`, "Started your list.");
  } else if (/^add /i.test(text)) {
    const todo = text.slice(4);
    const toolCallId = `add-${n}`;
    yield {
      type: EventType.TOOL_CALL_START,
      toolCallId,
      toolCallName: "addTodo",
      parentMessageId: `call-${n}`,
    } as BaseEvent;
    yield {
      type: EventType.TOOL_CALL_ARGS,
      toolCallId,
      delta: JSON.stringify({ todo }),
    } as BaseEvent;
    yield { type: EventType.TOOL_CALL_END, toolCallId } as BaseEvent;
    yield {
      type: EventType.TOOL_CALL_RESULT,
      messageId: `result-${n}`,
      toolCallId,
      content: `added ${todo}`,
      role: "tool",
    } as BaseEvent;
    // Patches the state the client sent back: a client that lost it gets a broken list.
    const index = state.todos?.length ?? 0;
    yield {
      type: EventType.STATE_DELTA,
      delta: [{ op: "add", path: `/todos/${index}`, value: todo }],
    } as BaseEvent;
    yield* say(`answer-${n}`, `Added ${todo}.`);
  } else if (/what time/i.test(text)) {
    if (!input.tools.some((tool) => tool.name === "getTime")) {
      yield {
        type: EventType.RUN_ERROR,
        message: "The client declared no getTime tool.",
      } as BaseEvent;
      return;
    }
    const toolCallId = `time-${n}`;
    yield {
      type: EventType.TOOL_CALL_START,
      toolCallId,
      toolCallName: "getTime",
      parentMessageId: `call-${n}`,
    } as BaseEvent;
    yield { type: EventType.TOOL_CALL_ARGS, toolCallId, delta: "{}" } as BaseEvent;
    yield { type: EventType.TOOL_CALL_END, toolCallId } as BaseEvent;
  } else {
    yield* say(`answer-${n}`, `You said: ${text}`);
  }
  yield { type: EventType.RUN_FINISHED, threadId, runId } as BaseEvent;
}

/** The endpoint, with the inputs it accepted and the bodies it rejected. */
export function agUIAgentEndpoint() {
  const inputs: RunAgentInput[] = [];
  const rejected: unknown[] = [];
  // biome-ignore lint/correctness/noComponentHookFactories: a route handler named as Next.js names it, not a component.
  async function POST(request: Request): Promise<Response> {
    const body = await request.json();
    const parsed = RunAgentInputSchema.safeParse(body);
    if (!parsed.success) {
      rejected.push(body);
      return Response.json({ error: parsed.error.message }, { status: 422 });
    }
    const input = parsed.data as RunAgentInput;
    inputs.push(input);
    const encoder = new EventEncoder({ accept: request.headers.get("accept") ?? undefined });
    const events = runEvents(input, inputs.length);
    const stream = new ReadableStream<string>({
      pull(controller) {
        const next = events.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
    });
    return new Response(stream.pipeThrough(new TextEncoderStream()), {
      headers: { "Content-Type": encoder.getContentType() },
    });
  }
  return { POST, inputs, rejected };
}
