import { isRecord } from "../../internal/jsonData";
import type {
  ActivityMessage,
  AssistantMessage,
  GeneratedFile,
  InputContent,
  JSONValue,
  Message,
  Metadata,
  SourceReference,
  ToolMessage,
} from "../../message";
import { splitContextBlock } from "../openai/contextBlock";
import { parseDataURL } from "../openai/dataURL";
import { withoutUndefined } from "../openai/withoutUndefined";
import { extraFields, keepExtra } from "./extraFields";
import { readReasoningDuration } from "./reasoningDuration";
import { fromToolPart } from "./toolPart";

/** An object as it is; any other value as `{ value }` (the Vercel adapter's rule). */
const record = (value: unknown): Record<string, any> => (isRecord(value) ? value : { value });

const string = (value: unknown): string | undefined =>
  typeof value === "string" ? value : undefined;

/**
 * Converts AI SDK UI messages to Crayon messages, splitting each assistant message the way the
 * Vercel adapter splits the stream that produced it (same ids, same order), so a loaded thread
 * looks like the one that was streamed. Tolerates anything: what is unusable is skipped.
 */
export function fromVercelUIMessages(
  messages: readonly unknown[],
  includeContext: boolean,
): Message[] {
  const out: Message[] = [];
  /** Activities by id: a data part whose id was seen updates that activity. */
  const activities = new Map<string, ActivityMessage>();
  /** Ids given so far: a derived id skips them. */
  const taken = new Set<string>();
  for (const message of Array.isArray(messages) ? messages : []) {
    if (!isRecord(message) || typeof message.id !== "string") continue;
    const { id, role } = message;
    const parts: Record<string, any>[] = Array.isArray(message.parts)
      ? message.parts.filter(isRecord)
      : [];
    const metadata = message.metadata === undefined ? undefined : record(message.metadata);
    const start = out.length;
    if (role === "system") {
      const content = parts.flatMap((part) => (part.type === "text" && string(part.text)) || []);
      out.push(withoutUndefined({ id, role, content: content.join(""), metadata }));
    } else if (role === "user") {
      out.push(fromUser(id, parts, metadata, includeContext));
    } else if (role === "assistant") {
      out.push(...fromAssistant(id, parts, metadata, includeContext, activities, taken));
    }
    for (const added of out.slice(start)) taken.add(added.id);
  }
  return out;
}

function fromUser(
  id: string,
  parts: Record<string, any>[],
  metadata: Metadata | undefined,
  includeContext: boolean,
): Message {
  const content = parts.flatMap((part): InputContent[] => {
    const { type, url, mediaType } = part;
    if (type === "text") return typeof part.text === "string" ? [{ type, text: part.text }] : [];
    if (type !== "file" || typeof url !== "string" || typeof mediaType !== "string") return [];
    const family = /^(image|audio|video)\//.exec(mediaType)?.[1] as "image" | undefined;
    return [
      withoutUndefined({
        type: family ?? "document",
        source: parseDataURL(url) ?? { type: "url", value: url, mimeType: mediaType },
        filename: string(part.filename),
      }),
    ];
  });
  let context: JSONValue[] | undefined;
  const last = content.at(-1);
  if (includeContext && last?.type === "text") {
    const [text, found] = splitContextBlock(last.text);
    if (found) {
      context = found;
      content.pop();
      if (text) content.push({ type: "text", text });
    }
  }
  const first = content[0];
  const plain = content.length === 0 || (content.length === 1 && first?.type === "text");
  return withoutUndefined({
    id,
    role: "user",
    content: plain ? (first?.type === "text" ? first.text : "") : content,
    context,
    metadata,
  });
}

/**
 * Splits one assistant UI message like the Vercel adapter splits its stream: the first
 * assistant message gets the UI message id, later ones `<id>-<n>`, reasoning `<id>-<n>`, tool
 * results `<id>-tool-<toolCallId>`; data parts are activities with the part's id.
 */
function fromAssistant(
  base: string,
  parts: Record<string, any>[],
  metadata: Metadata | undefined,
  includeContext: boolean,
  activities: Map<string, ActivityMessage>,
  taken: Set<string>,
): Message[] {
  const list: Message[] = [];
  let n = 0;
  /**
   * The next `<id>-<n>`. One a data part already took (a thread that was sent and loaded keeps
   * derived activity ids) is skipped, so ids stay unique and come out as they went in.
   */
  const derive = () => {
    let id: string;
    do id = `${base}-${++n}`;
    while (taken.has(id));
    return id;
  };
  let current: AssistantMessage | undefined;
  /** The base id has been given to a message. */
  let used = false;
  /** A message was added after `current`: more assistant content starts a new message. */
  let interrupted = false;
  let hasTools = false;
  /** Tool results wait until the calls of the same turn are all in (as they stream). */
  let results: ToolMessage[] = [];
  const sources: SourceReference[] = [];
  const files: GeneratedFile[] = [];
  const calls = new Set<string>();

  const open = (text?: boolean): AssistantMessage => {
    if (!current || interrupted || (text && hasTools)) {
      current = { id: used ? derive() : base, role: "assistant", content: "", status: "complete" };
      // The message's metadata, sources and files that came before any content go to the first.
      if (!used && metadata) current.metadata = metadata;
      used = true;
      interrupted = hasTools = false;
      list.push(current);
      attach();
    }
    return current;
  };
  const attach = () => {
    if (!current) return;
    if (sources.length) current.sources = [...(current.sources ?? []), ...sources.splice(0)];
    if (files.length) current.files = [...(current.files ?? []), ...files.splice(0)];
  };
  const flush = () => {
    if (results.length) interrupted = true;
    list.push(...results);
    results = [];
  };

  for (const part of parts) {
    const { type } = part;
    if (typeof type !== "string") continue;
    const tool = type === "dynamic-tool" || type.startsWith("tool-");
    if (!tool) flush();
    if (tool) {
      const read = fromToolPart(part);
      if (!read || calls.has(read.call.id)) continue;
      calls.add(read.call.id);
      const owner = open();
      owner.toolCalls = [...(owner.toolCalls ?? []), read.call];
      hasTools = true;
      if (read.awaitingApproval) owner.status = "awaiting_input";
      if (read.result) {
        const { content, error } = read.result;
        const toolCallId = read.call.id;
        const id = `${base}-tool-${toolCallId}`;
        results.push(withoutUndefined({ id, role: "tool", toolCallId, content, error }));
      }
    } else if (type === "text") {
      const text = string(part.text);
      const [rest, context] = includeContext && text ? splitContextBlock(text) : [text];
      if (context && !rest) {
        const owner = open();
        owner.context = [...(owner.context ?? []), ...context];
      } else if (text) {
        open(true).content += text;
      }
    } else if (type === "reasoning") {
      if (typeof part.text !== "string") continue;
      const { durationMs, providerMetadata } = readReasoningDuration(part.providerMetadata);
      const extra = keepExtra(
        extraFields({ ...part, providerMetadata }, ["type", "text", "state"]),
      );
      list.push(
        withoutUndefined({
          id: derive(),
          role: "reasoning",
          content: part.text,
          isThinking: false,
          durationMs,
          metadata: extra,
        }),
      );
      interrupted = true;
    } else if (type === "source-url" || type === "source-document") {
      const { sourceId, url, title, mediaType, filename } = part;
      const valid =
        typeof sourceId === "string" &&
        (type === "source-url"
          ? typeof url === "string"
          : typeof mediaType === "string" && typeof title === "string");
      if (!valid) continue;
      const known = ["type", "sourceId", "url", "title", "mediaType", "filename"];
      sources.push(
        withoutUndefined({
          id: sourceId,
          kind: type === "source-url" ? "url" : "document",
          url: string(url),
          title: string(title),
          mediaType: string(mediaType),
          filename: string(filename),
          metadata: keepExtra(extraFields(part, known)),
        }),
      );
    } else if (type === "file" || type === "reasoning-file") {
      const { url, mediaType } = part;
      if (typeof url !== "string" || typeof mediaType !== "string") continue;
      files.push(withoutUndefined({ url, mediaType, filename: string(part.filename) }));
    } else if (type.startsWith("data-")) {
      const id = string(part.id) ?? derive();
      const content = record(part.data);
      const existing = activities.get(id);
      if (existing) {
        existing.content = content;
        continue;
      }
      const activity: ActivityMessage = {
        id,
        role: "activity",
        activityType: type.slice(5),
        content,
      };
      activities.set(id, activity);
      taken.add(id);
      list.push(activity);
      interrupted = true;
    }
    // `step-start` needs nothing; AI SDK 7 `custom` parts and newer types are skipped.
    attach();
  }
  flush();
  if (!current && (sources.length || files.length || metadata)) open();
  attach();
  return list;
}
