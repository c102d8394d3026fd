import { isRecord } from "../../internal/jsonData";
import {
  type InputContent,
  type Message,
  normalizeContentPart,
  type SourceReference,
  type ToolCall,
  type ToolMessage,
} from "../../message";
import { contextBlock } from "../openai/contextBlock";
import { parseDataURL, toDataURL } from "../openai/dataURL";
import { withoutUndefined } from "../openai/withoutUndefined";
import { isAnsweredApproval } from "./answeredApproval";
import { keptExtra } from "./extraFields";
import { withReasoningDuration } from "./reasoningDuration";
import { toToolPart } from "./toolPart";
import type {
  VercelFilePart,
  VercelTextPart,
  VercelUIMessage,
  VercelUIMessagePart,
} from "./vercelUIMessage";

const text = (value: string): VercelTextPart => ({ type: "text", text: value });
/** Assistant text: finished, as the AI SDK marks it once the stream is through. */
const done = (value: string): VercelTextPart => ({ type: "text", text: value, state: "done" });

/** An assistant message being assembled from a run of Crayon messages. */
type Run = { message: VercelUIMessage; named: boolean; step: boolean };

/**
 * Converts Crayon messages to AI SDK UI messages. Each run of consecutive assistant, reasoning,
 * tool and activity messages becomes one assistant message whose parts keep the list's order;
 * a new step starts after tool results. Nothing throws.
 */
export function toVercelUIMessages(
  messages: Message[],
  includeContext: boolean,
): VercelUIMessage[] {
  const calls = new Map<string, ToolCall>();
  const results = new Map<string, ToolMessage>();
  for (const message of messages) {
    if (message.role === "assistant")
      for (const call of message.toolCalls ?? []) calls.set(call.id, call);
    else if (message.role === "tool") results.set(message.toolCallId, message);
  }
  const out: VercelUIMessage[] = [];
  let run: Run | undefined;
  const add = (part: VercelUIMessagePart) => {
    // Set on the run being added to, just before.
    const current = run!;
    if (current.step) current.message.parts.push({ type: "step-start" });
    current.step = false;
    current.message.parts.push(part);
  };

  for (const message of messages) {
    const block = includeContext && "context" in message ? contextBlock(message.context) : "";
    const { role, id, metadata } = message;
    if (role === "user" || role === "system" || role === "developer") {
      if (role === "user" && isAnsweredApproval(message, calls)) continue;
      run = undefined;
      const { content } = message;
      const parts: VercelUIMessagePart[] =
        typeof content !== "string" ? content.flatMap(toUserPart) : content ? [text(content)] : [];
      if (block) parts.push(text(block));
      // The AI SDK rejects user and system messages without parts.
      if (!parts.length) parts.push(text(""));
      out.push({
        id,
        role: role === "user" ? role : "system",
        parts,
        ...(metadata && { metadata }),
      });
      continue;
    }
    if (role !== "assistant" && role !== "reasoning" && role !== "tool" && role !== "activity")
      continue;
    if (!run) {
      run = { message: { id, role: "assistant", parts: [] }, named: false, step: true };
      out.push(run.message);
    }
    switch (role) {
      case "tool":
        // Merged into its call's part. What follows the results is the model's next step.
        run.step = true;
        break;
      case "reasoning":
        add(
          withReasoningDuration(
            { type: "reasoning", ...keptExtra(metadata), text: message.content, state: "done" },
            message.durationMs,
          ),
        );
        break;
      case "activity": {
        const { content } = message;
        // A non-object `data` arrives as `{ value }` (the Vercel adapter's rule): unwrapped.
        const keys = Object.keys(content);
        const data =
          keys.length === 1 && keys[0] === "value" && !isRecord(content.value)
            ? content.value
            : content;
        add({ type: `data-${message.activityType}`, id, data });
        break;
      }
      case "assistant": {
        if (!run.named) {
          run.named = true;
          run.message.id = id;
        }
        if (metadata) run.message.metadata = { ...(run.message.metadata as object), ...metadata };
        if (message.content) add(done(message.content));
        if (block) add(done(block));
        const cutOff = message.status === "stopped" || message.status === "error";
        for (const call of message.toolCalls ?? [])
          add(toToolPart(call, results.get(call.id), cutOff || message.status === "streaming"));
        for (const source of message.sources ?? []) add(toSourcePart(source));
        for (const { url, mediaType, filename } of message.files ?? [])
          add(withoutUndefined({ type: "file", mediaType, url, filename }));
      }
    }
  }
  // A run of nothing the AI SDK can show (only tool results whose call is gone): left out.
  return out.filter((m) => m.role !== "assistant" || m.parts.length || m.metadata !== undefined);
}

function toSourcePart(source: SourceReference): VercelUIMessagePart {
  const { id, url, title, mediaType, filename } = source;
  const extra = keptExtra(source.metadata);
  return source.kind === "url"
    ? withoutUndefined({ type: "source-url", ...extra, sourceId: id, url: url ?? "", title })
    : withoutUndefined({
        type: "source-document",
        ...extra,
        sourceId: id,
        mediaType: mediaType ?? "application/octet-stream",
        title: title ?? filename ?? "",
        filename,
      });
}

/** A user content part as an AI SDK part: media become `file` parts with a (`data:`) URL. */
function toUserPart(part: InputContent): VercelUIMessagePart[] {
  const media = normalizeContentPart(part);
  if (media.type === "text") return [text(media.text)];
  const { source, filename } = media;
  // A provider file id has no URL to send.
  if (source?.type !== "data" && source?.type !== "url") return [];
  const url = source.type === "data" ? toDataURL(source) : source.value;
  if (!url) return [];
  const mediaType =
    source.mimeType ??
    parseDataURL(url)?.mimeType ??
    (media.type === "document" ? "application/octet-stream" : `${media.type}/*`);
  return [withoutUndefined<VercelFilePart>({ type: "file", mediaType, url, filename })];
}
