import type { CrayonStreamEvent } from "@crayonai/stream";
import { createTextDegrader } from "./degradedText";
import type { RunInfo } from "./protocolEncoder";

/** The `delta` of a `chat.completion.chunk`: the pieces OpenAI streams of one assistant message. */
export type OpenAIChunkDelta = {
  role?: "assistant";
  content?: string;
  reasoning_content?: string;
  tool_calls?: {
    index: number;
    id?: string;
    type?: "function";
    function: { name?: string; arguments: string };
  }[];
};

/** One `chat.completion.chunk`, or the error object OpenAI sends in the middle of a stream. */
export type OpenAIChunk =
  | {
      id: string;
      object: "chat.completion.chunk";
      created: number;
      model: string;
      choices: [
        {
          index: 0;
          delta: OpenAIChunkDelta;
          finish_reason: "stop" | "tool_calls" | null;
        },
      ];
    }
  | { error: { message: string; type: "server_error"; param: null; code: null } };

/** The model named on every chunk when the request named none. */
export const defaultChunkModel = "demo";

type HeldCall = { id: string; name: string; args: string[] };

/**
 * Maps Crayon events to one streamed Chat Completion, as an OpenAI-compatible server writes it:
 * a single assistant message whose text arrives as `content`, reasoning as `reasoning_content`
 * and tool calls as `tool_calls`, closed by one `finish_reason`.
 *
 * A completion holds one message and no tool results, so everything else degrades the way the
 * text protocols do (see `createTextDegrader`): the texts of several messages are joined by a
 * blank line, sources become links, an approval request a sentence, activities are left out.
 *
 * A tool call is for the client to run and answer; OpenAI rejects a thread where one is left
 * unanswered. So each call is held until it is clear who answers it: a result from the server
 * (the scripts run their own tools) or an approval request drops it, and only a call still open
 * when more content follows or the reply ends is sent, ending the completion with
 * `finish_reason: "tool_calls"`.
 */
export function createOpenAIChunkMapper(run: RunInfo) {
  const id = `chatcmpl-${run.runId}`;
  const created = Math.floor(Date.now() / 1000);
  const model = run.model ?? defaultChunkModel;
  const degrader = createTextDegrader();
  const held = new Map<string, HeldCall>();
  let roleSent = false;
  let sentCalls = 0;
  let ended = false;
  let failed = false;
  let out: OpenAIChunk[] = [];

  const write = (delta: OpenAIChunkDelta, finish: "stop" | "tool_calls" | null = null) => {
    // The first chunk names the role, as OpenAI's do.
    const withRole: OpenAIChunkDelta = roleSent ? delta : { role: "assistant", ...delta };
    roleSent = true;
    out.push({
      id,
      object: "chat.completion.chunk",
      created,
      model,
      choices: [{ index: 0, delta: withRole, finish_reason: finish }],
    });
  };

  const sendHeldCalls = () => {
    for (const call of held.values()) {
      const index = sentCalls++;
      write({
        tool_calls: [
          { index, id: call.id, type: "function", function: { name: call.name, arguments: "" } },
        ],
      });
      for (const piece of call.args)
        write({ tool_calls: [{ index, function: { arguments: piece } }] });
    }
    held.clear();
  };

  const writeText = (pieces: string[]) => {
    if (pieces.length === 0) return;
    sendHeldCalls();
    for (const content of pieces) write({ content });
  };

  const finish = () => {
    sendHeldCalls();
    writeText(degrader.end());
    write({}, sentCalls > 0 ? "tool_calls" : "stop");
    ended = true;
  };

  const map = (event: CrayonStreamEvent) => {
    switch (event.type) {
      case "tool-call-start":
        held.set(event.toolCallId, { id: event.toolCallId, name: event.toolCallName, args: [] });
        return;
      case "tool-call-args":
        held.get(event.toolCallId)?.args.push(event.delta);
        return;
      case "tool-call-end":
        return;
      case "tool-call-result":
        // The server answered its own call: OpenAI has no place for the result.
        held.delete(event.toolCallId);
        return writeText(degrader.map(event));
      case "tool-approval-request":
        held.delete(event.toolCallId);
        return writeText(degrader.map(event));
      case "reasoning-delta":
        if (!event.text) return;
        sendHeldCalls();
        return write({ reasoning_content: event.text });
      case "error":
        // A failed reply sends no half-made call; OpenAI ends such a stream with an error object.
        held.clear();
        writeText(degrader.end());
        ended = failed = true;
        out.push({
          error: { message: event.error, type: "server_error", param: null, code: null },
        });
        return;
      case "run-finish":
        return finish();
      default:
        return writeText(degrader.map(event));
    }
  };

  return {
    /** The chunks for one Crayon event (none once the completion has ended). */
    map(event: CrayonStreamEvent): OpenAIChunk[] {
      out = [];
      if (!ended) map(event);
      return out;
    },
    /** Finishes the completion when the source ends without finishing the run. */
    end(): OpenAIChunk[] {
      out = [];
      if (!ended) finish();
      return out;
    },
    /** Whether the completion ended with an error (then no `[DONE]` follows). */
    get failed(): boolean {
      return failed;
    },
  };
}
