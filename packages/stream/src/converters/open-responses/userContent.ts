import { type InputContent, normalizeContentPart } from "../../message";
import { parseDataURL, toDataURL } from "../openai/dataURL";
import { withoutUndefined } from "../openai/withoutUndefined";
import type { OpenResponsesInputPart } from "./openResponsesItem";

/**
 * One Crayon content part as a Responses input part, or none when Responses cannot take it:
 * audio and video, and files of another provider. Images go by URL (inline data as a `data:`
 * URL) or OpenAI file id; documents inline (with a filename, `"file"` when it has none), by URL
 * or by file id.
 */
export function toInputPart(part: InputContent): OpenResponsesInputPart[] {
  const media = normalizeContentPart(part);
  if (media.type === "text") return [{ type: "input_text", text: media.text }];
  const { source, filename } = media;
  if (media.type !== "image" && media.type !== "document") return [];
  if (source?.type === "file") {
    if (!/openai/i.test(source.provider ?? "openai")) return [];
    return media.type === "image"
      ? [{ type: "input_image", detail: "auto", file_id: source.value }]
      : [withoutUndefined({ type: "input_file" as const, file_id: source.value, filename })];
  }
  const url = source?.type === "data" ? toDataURL(source) : source?.value;
  if (!url) return [];
  if (media.type === "image") return [{ type: "input_image", detail: "auto", image_url: url }];
  return parseDataURL(url)
    ? [{ type: "input_file", file_data: url, filename: filename ?? "file" }]
    : [withoutUndefined({ type: "input_file" as const, file_url: url, filename })];
}

/**
 * A Responses input part as a Crayon content part; `undefined` for a part that is not one of
 * `input_text`, `input_image` and `input_file` with something to show.
 */
export function fromInputPart(part: Record<string, unknown>): InputContent | undefined {
  const string = (value: unknown) => (typeof value === "string" && value ? value : undefined);
  const filename = string(part.filename);
  if (part.type === "input_text") {
    return typeof part.text === "string" ? { type: "text", text: part.text } : undefined;
  }
  if (part.type === "input_image") {
    const url = string(part.image_url);
    if (url) return { type: "image", source: parseDataURL(url) ?? { type: "url", value: url } };
    const fileId = string(part.file_id);
    return fileId
      ? { type: "image", source: { type: "file", value: fileId, provider: "openai" } }
      : undefined;
  }
  if (part.type !== "input_file") return undefined;
  const data = string(part.file_data);
  const url = string(part.file_url);
  const fileId = string(part.file_id);
  const source = data
    ? (parseDataURL(data) ?? { type: "data" as const, value: data, mimeType: "application/pdf" })
    : url
      ? { type: "url" as const, value: url }
      : fileId
        ? { type: "file" as const, value: fileId, provider: "openai" }
        : undefined;
  return source && withoutUndefined({ type: "document" as const, source, filename });
}
