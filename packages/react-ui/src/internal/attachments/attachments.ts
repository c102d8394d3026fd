import type { MediaPart } from "@crayonai/stream";
import type { LocaleValue } from "../../locale/format";

/** What the composer accepts as attachments, and where their bytes go. */
export type AttachmentOptions = {
  /**
   * Accepted types: MIME types (`"application/pdf"`), families (`"image/*"`) or extensions
   * (`".md"`). Default: images, PDF, plain text, markdown, CSV and JSON.
   */
  accept?: readonly string[];
  /** Largest file, in bytes. Default 20 MB with `uploadAttachment`, else `maxInlineSize`. */
  maxFileSize?: number;
  /** Most files per message. Default 8. */
  maxFiles?: number;
  /**
   * Largest file sent inline as a `data:` URL when there is no `uploadAttachment`, in bytes.
   * Default 4 MB.
   */
  maxInlineSize?: number;
  /**
   * Uploads a file and returns the URL the message should carry (e.g. your storage's
   * `https:` URL). Without it, files are sent inline as base64 data.
   */
  uploadAttachment?: (file: File) => Promise<string>;
};

const MB = 1024 * 1024;

/** The default accepted types. */
export const DEFAULT_ACCEPT: readonly string[] = [
  "image/*",
  "application/pdf",
  "text/plain",
  "text/markdown",
  "text/csv",
  "application/json",
  ".md",
  ".csv",
  ".json",
  ".txt",
];

/** The options with their defaults filled in. */
export type ResolvedAttachmentOptions = Required<Omit<AttachmentOptions, "uploadAttachment">> &
  Pick<AttachmentOptions, "uploadAttachment">;

/** Fills in the defaults. */
export function resolveAttachmentOptions(
  options: AttachmentOptions = {},
): ResolvedAttachmentOptions {
  const maxInlineSize = options.maxInlineSize ?? 4 * MB;
  return {
    accept: options.accept ?? DEFAULT_ACCEPT,
    maxFiles: options.maxFiles ?? 8,
    maxInlineSize,
    maxFileSize: options.maxFileSize ?? (options.uploadAttachment ? 20 * MB : maxInlineSize),
    ...(options.uploadAttachment && { uploadAttachment: options.uploadAttachment }),
  };
}

/** Whether the file matches one of the accepted types (`image/*`, `application/pdf`, `.md`). */
export function isAccepted(file: Pick<File, "name" | "type">, accept: readonly string[]): boolean {
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  return accept.some((pattern) => {
    const p = pattern.trim().toLowerCase();
    if (p.startsWith(".")) return name.endsWith(p);
    if (p.endsWith("/*")) return type.startsWith(p.slice(0, -1));
    return type === p;
  });
}

/**
 * Why the file cannot be attached, in words for the user (in the locale's), or undefined when
 * it can. `alreadyAttached` counts the files the message has already.
 */
export function attachmentProblem(
  file: Pick<File, "name" | "type" | "size">,
  options: ResolvedAttachmentOptions,
  alreadyAttached: number,
  { messages, format }: Pick<LocaleValue, "messages" | "format">,
): string | undefined {
  const texts = messages.attachments;
  const { name, size } = file;
  if (alreadyAttached >= options.maxFiles) {
    return texts.tooMany(name, format.count(options.maxFiles));
  }
  if (!isAccepted(file, options.accept)) return texts.typeRefused(name);
  // An empty file has nothing to send; an empty image would show as a broken picture.
  if (size === 0) return texts.empty(name);
  if (size > options.maxFileSize) {
    return texts.tooLarge(name, format.bytes(size), format.bytes(options.maxFileSize));
  }
  return undefined;
}

/** The media kind of a MIME type, as a content part names it. */
export function mediaKind(mimeType: string): MediaPart["type"] {
  const family = mimeType.split("/")[0];
  return family === "image" || family === "audio" || family === "video" ? family : "document";
}

/** The MIME type of a file, guessed from its name when the browser gives none. */
export function mimeTypeOf(file: Pick<File, "name" | "type">): string {
  if (file.type) return file.type;
  const extension = file.name.toLowerCase().split(".").pop();
  const byExtension: Record<string, string> = {
    md: "text/markdown",
    csv: "text/csv",
    json: "application/json",
    txt: "text/plain",
  };
  return byExtension[extension ?? ""] ?? "application/octet-stream";
}

/**
 * The content part for an attached file: inline base64 data for a `data:` URL, else the URL
 * (an upload's).
 */
export function attachmentPart(file: Pick<File, "name" | "type">, url: string): MediaPart {
  const mimeType = mimeTypeOf(file);
  const inline = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(url);
  const source: MediaPart["source"] =
    inline?.[2] !== undefined
      ? { type: "data", value: inline[3] ?? "", mimeType }
      : { type: "url", value: url, mimeType };
  return { type: mediaKind(mimeType), source, filename: file.name };
}

/** Reads a file as a base64 `data:` URL. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    // Without the browser's error, the locale's "upload failed" says why.
    reader.onerror = () => reject(reader.error ?? new Error());
    reader.readAsDataURL(file);
  });
}
