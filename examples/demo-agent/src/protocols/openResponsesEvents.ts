import type { CrayonStreamEvent, SourceReference } from "@crayonai/stream";
import type { OpenResponsesAnnotation } from "@crayonai/stream/converters/open-responses";
import { findToolCall } from "../agent/conversation";
import { createId } from "../agent/ids";
import { type HostedItemState, hostedProgressEvent, hostedToolTypes } from "./hostedToolProgress";
import { mcpApprovalRequestItem, mcpCallItem, mcpListToolsItem } from "./mcpApprovalItems";
import { createTextItems, type OpenMessage } from "./openResponsesTextItems";
import {
  createResponsesWriter,
  itemFields,
  type OpenResponsesEvent,
  type OutputItem,
} from "./openResponsesWriter";
import type { RunInfo } from "./protocolEncoder";
import { responsesUsage } from "./responsesUsage";

/** A function call held until it is clear who answers it. */
type HeldCall = { id: string; name: string; args: string[] };

/** A hosted tool item being written: its output index and state as last written. */
type HostedCall = { index: number; item: HostedItemState; ended: boolean };

/** An MCP tool call the server runs, written as an `mcp_call` item: its index and arguments. */
type McpCall = { index: number; item: OutputItem; args: string };

/** A citation of `source` in a text of `length` characters (Crayon keeps no span: the whole text). */
function annotationOf(source: SourceReference, length: number): OpenResponsesAnnotation {
  return source.kind === "url" && source.url
    ? {
        type: "url_citation",
        url: source.url,
        title: source.title ?? "",
        start_index: 0,
        end_index: length,
      }
    : { type: "file_citation", file_id: source.id, filename: source.filename ?? "", index: length };
}

/** A result's content as a hosted tool item, or `undefined` when it is not one. */
function itemOf(content: string): HostedItemState | undefined {
  try {
    const item = JSON.parse(content);
    return item && typeof item === "object" && typeof item.type === "string" ? item : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Maps Crayon events to one streamed OpenAI Responses / Open Responses response, the inverse of
 * `openResponsesAdapter`'s mapping: `response.created` and `response.in_progress` first, every
 * event numbered from 0, and `response.completed` (with the run's usage),
 * `response.incomplete` (a message that ended for its length) or an `error` event last.
 *
 * - An assistant message is a `message` item under its id (opened with its first text or
 *   citation): `content_part.added`, `output_text.delta`s, a `url_citation` annotation per
 *   source, `output_text.done`, `content_part.done`, `output_item.done`.
 * - Reasoning is a `reasoning` item whose summary streams (`reasoning_summary_text.delta`), with
 *   its encrypted content when the script sent one.
 * - A tool call left to the client is a `function_call` item (`call_id` the Crayon call's id,
 *   the item `fc_<id>`) streaming its arguments, written inside the message item that holds
 *   it, so the client reads them as one message. As in Chat Completions, a call the server
 *   answers itself has no place in a response: each call is held until it is clear who answers
 *   it, and left out (with its result) when the server does.
 * - A call waiting for approval is an `mcp_approval_request` of the `demo` MCP server (under
 *   the approval's id), after the server's `mcp_list_tools`; the approved call's result, in
 *   the next response, an `mcp_call` item with its output.
 * - A call the server runs on an MCP server (`run.mcpTool` knows its name) is an `mcp_call`
 *   item of that server (`server_label`, the MCP tool's `name`): its arguments streamed
 *   (`response.mcp_call_arguments.delta`), then `response.mcp_call.completed` (or `failed`)
 *   and the done item, whose `output` is the result (the MCP `CallToolResult` as JSON).
 * - A hosted tool call (named `web_search_call`, `code_interpreter_call`, … with the item's
 *   JSON as results, see `hostedToolCall`) is that item: each new state a progress event
 *   (`response.web_search_call.searching`, a code delta, a partial image), the last result
 *   its `output_item.done`.
 *
 * Activities, agent state, custom and step events have no place in a response and are left
 * out, as over Chat Completions.
 */
export function createOpenResponsesEventMapper(run: RunInfo) {
  const writer = createResponsesWriter(run);
  const { write, addItem, finishItem, wholeItem } = writer;
  const held = new Map<string, HeldCall>();
  const hosted = new Map<string, HostedCall>();
  const mcpCalls = new Map<string, McpCall>();
  const encrypted = new Map<string, string>();
  const textItems = createTextItems(writer, encrypted);
  const { openMessage, closeMessage, openReasoning, closeReasoning } = textItems;
  let ended = false;
  /** The Crayon message being streamed (its item opens with its first text). */
  let crayonMessage: string | undefined;
  let incompleteReason: string | undefined;
  let usage: Record<string, number> | undefined;

  /**
   * The message item text goes to: the one the event names, else the Crayon message streaming,
   * else a new one (as the accumulator starts one for text after a tool result).
   */
  const messageFor = (messageId: string | undefined): OpenMessage => {
    const id = messageId ?? crayonMessage ?? createId("msg");
    crayonMessage ??= id;
    return openMessage(id);
  };

  /** The message whose Crayon message ended waits no more for its calls. */
  const closeIfEnding = () => {
    if (textItems.message?.ending && held.size === 0) closeMessage();
  };

  /** Sends the held calls as the client's (inside the open message item), then what waited on them. */
  const sendHeld = () => {
    for (const call of held.values()) {
      const id = `fc_${call.id}`;
      const fields = { type: "function_call", call_id: call.id, name: call.name };
      const index = addItem({ id, ...fields, arguments: "", status: "in_progress" });
      for (const delta of call.args) {
        write("response.function_call_arguments.delta", {
          item_id: id,
          output_index: index,
          delta,
        });
      }
      const args = call.args.join("");
      write("response.function_call_arguments.done", {
        item_id: id,
        output_index: index,
        arguments: args,
      });
      finishItem(index, { id, ...fields, arguments: args, status: "completed" });
    }
    held.clear();
    closeIfEnding();
  };

  const approvalRequest = (toolCallId: string, approvalId: string) => {
    const call = held.get(toolCallId);
    if (!call) return;
    held.delete(toolCallId);
    wholeItem(mcpListToolsItem(approvalId, call.name), ["in_progress", "completed"]);
    wholeItem(mcpApprovalRequestItem(approvalId, call.name, call.args.join("")));
    closeIfEnding();
  };

  /** A result for a call of an earlier response: the approved MCP call, run. */
  const approvedCallResult = (event: Extract<CrayonStreamEvent, { type: "tool-call-result" }>) => {
    const call = findToolCall(run.history ?? [], event.toolCallId);
    // A rejected call does not run: a Responses server streams nothing for it.
    if (call?.metadata?.approvalId === undefined || event.error !== undefined) return;
    const running = mcpCallItem(event.toolCallId, call.function);
    const index = addItem(running);
    write("response.mcp_call.in_progress", { item_id: running.id, output_index: index });
    write("response.mcp_call.completed", { item_id: running.id, output_index: index });
    finishItem(index, mcpCallItem(event.toolCallId, call.function, event.content));
  };

  /** A hosted tool's new state: a progress event, or after the call's end the done item. */
  const hostedResult = (id: string, call: HostedCall, content: string) => {
    const item = itemOf(content);
    if (!item) return;
    if (call.ended) {
      hosted.delete(id);
      return finishItem(call.index, { ...item, id });
    }
    const { type, ...fields } = hostedProgressEvent(call.item, item);
    write(type, { item_id: id, output_index: call.index, ...fields });
    call.item = item;
  };

  /** The MCP call's result: its status event, then the done item with the output or error. */
  const mcpResult = (call: McpCall, output: string | null, error: string | null) => {
    const status = error === null ? "completed" : "failed";
    write(`response.mcp_call.${status}`, { item_id: call.item.id, output_index: call.index });
    finishItem(call.index, { ...call.item, arguments: call.args, status, output, error });
  };

  const finish = () => {
    sendHeld();
    closeMessage();
    closeReasoning();
    for (const [id, call] of hosted) finishItem(call.index, { ...call.item, id } as OutputItem);
    hosted.clear();
    // A call the reply ended before it ran (a stop) ends unfinished.
    for (const call of mcpCalls.values())
      finishItem(call.index, { ...call.item, arguments: call.args, status: "incomplete" });
    mcpCalls.clear();
    const usageField = usage && { usage: responsesUsage(usage) };
    if (incompleteReason !== undefined) {
      write("response.incomplete", {
        response: writer.response("incomplete", {
          incomplete_details: { reason: incompleteReason },
          ...usageField,
        }),
      });
    } else {
      write("response.completed", { response: writer.response("completed", usageField) });
    }
    ended = true;
  };

  const map = (event: CrayonStreamEvent) => {
    switch (event.type) {
      case "run-start":
        return;
      case "message-start":
        sendHeld();
        crayonMessage = event.messageId;
        return;
      case "text-delta": {
        if (!event.text) return;
        sendHeld();
        const open = messageFor(event.messageId);
        open.text += event.text;
        return write("response.output_text.delta", {
          ...itemFields(open),
          content_index: 0,
          delta: event.text,
          logprobs: [],
        });
      }
      case "source": {
        sendHeld();
        const open = messageFor(event.messageId);
        const annotation = annotationOf(event.source, open.text.length);
        const key = "url" in annotation ? annotation.url : annotation.file_id;
        if (open.annotations.some((a) => ("url" in a ? a.url : a.file_id) === key)) return;
        open.annotations.push(annotation);
        return write("response.output_text.annotation.added", {
          ...itemFields(open),
          content_index: 0,
          annotation_index: open.annotations.length - 1,
          annotation,
        });
      }
      case "message-end": {
        const id = event.messageId ?? crayonMessage;
        if (crayonMessage === id) crayonMessage = undefined;
        const { message } = textItems;
        if (!message || (id !== undefined && message.id !== id)) return;
        // Calls still held go inside it, once it is clear they are the client's.
        if (held.size > 0) message.ending = true;
        else closeMessage();
        return;
      }
      case "reasoning-start":
        sendHeld();
        openReasoning(event.messageId);
        return;
      case "reasoning-delta": {
        if (!event.text) return;
        sendHeld();
        const open = openReasoning(event.messageId ?? textItems.reasoning?.id ?? createId("rs"));
        open.text += event.text;
        return write("response.reasoning_summary_text.delta", {
          ...itemFields(open),
          summary_index: 0,
          delta: event.text,
        });
      }
      case "reasoning-end":
        if (textItems.reasoning?.id === event.messageId) closeReasoning();
        return;
      case "encrypted-value":
        if (event.entity === "message") encrypted.set(event.entityId, event.encryptedValue);
        return;
      case "tool-call-start": {
        const mcp = run.mcpTool?.(event.toolCallName);
        if (mcp) {
          sendHeld();
          const item = {
            id: event.toolCallId,
            type: "mcp_call",
            server_label: mcp.server,
            name: mcp.tool,
            arguments: "",
            status: "in_progress",
          };
          const index = addItem(item);
          write("response.mcp_call.in_progress", { item_id: item.id, output_index: index });
          mcpCalls.set(event.toolCallId, { index, item, args: "" });
          return;
        }
        if (!hostedToolTypes.has(event.toolCallName)) {
          held.set(event.toolCallId, { id: event.toolCallId, name: event.toolCallName, args: [] });
          return;
        }
        sendHeld();
        const item = { id: event.toolCallId, type: event.toolCallName, status: "in_progress" };
        hosted.set(event.toolCallId, { index: addItem(item), item, ended: false });
        return;
      }
      case "tool-call-args": {
        const mcp = mcpCalls.get(event.toolCallId);
        if (mcp) {
          mcp.args += event.delta;
          const where = { item_id: mcp.item.id, output_index: mcp.index };
          return write("response.mcp_call_arguments.delta", { ...where, delta: event.delta });
        }
        held.get(event.toolCallId)?.args.push(event.delta);
        return;
      }
      case "tool-call-end": {
        const mcp = mcpCalls.get(event.toolCallId);
        if (mcp) {
          const where = { item_id: mcp.item.id, output_index: mcp.index };
          return write("response.mcp_call_arguments.done", { ...where, arguments: mcp.args });
        }
        const call = hosted.get(event.toolCallId);
        if (call) call.ended = true;
        return;
      }
      case "tool-call-result": {
        // Text after a tool result is the assistant's next message (as the accumulator has it).
        crayonMessage = undefined;
        const mcp = mcpCalls.get(event.toolCallId);
        if (mcp) {
          mcpCalls.delete(event.toolCallId);
          const failed = event.error !== undefined;
          return mcpResult(mcp, failed ? null : event.content, event.error ?? null);
        }
        const call = hosted.get(event.toolCallId);
        if (call) return hostedResult(event.toolCallId, call, event.content);
        // The server answered its own call: a response has no place for the result.
        if (held.delete(event.toolCallId)) return closeIfEnding();
        sendHeld();
        return approvedCallResult(event);
      }
      case "tool-approval-request":
        return approvalRequest(event.toolCallId, event.approvalId);
      case "message-metadata":
        if (event.metadata.finishReason === "length") {
          const reason = event.metadata.incompleteReason;
          incompleteReason = typeof reason === "string" ? reason : "max_output_tokens";
        }
        return;
      case "error":
        // A failed response sends no half-made call; the open items end with it.
        held.clear();
        ended = true;
        return write("error", { code: null, message: event.error, param: null });
      case "run-finish":
        if (event.usage) usage = event.usage;
        return finish();
      default:
        // Activities, state, steps, custom events: a response has no place for them.
        return;
    }
  };

  return {
    /** The events for one Crayon event (none once the response has ended). */
    map(event: CrayonStreamEvent): OpenResponsesEvent[] {
      if (ended) return [];
      writer.start();
      map(event);
      return writer.take();
    },
    /** Finishes the response when the source ends without finishing the run. */
    end(): OpenResponsesEvent[] {
      if (ended) return [];
      writer.start();
      finish();
      return writer.take();
    },
  };
}
