import type { ContentPart } from "@ag-ui/core";
import { isRecord } from "../../internal/jsonData";
import { type BinaryPart, normalizeContentPart } from "../../message";
import { pickFields } from "./pickFields";

const TEXT_PART_FIELDS = ["type", "id", "text", "metadata"];
const MEDIA_PART_FIELDS = ["type", "id", "source", "metadata"];
const MEDIA_TYPES: unknown[] = ["image", "audio", "video", "document"];

/**
 * The AG-UI 1.0 content parts for a message's parts. AG-UI 1.0 objects are closed, so only the
 * fields it defines are kept (Crayon's `filename` is left out); a legacy `binary` part becomes
 * the media part it stands for, and parts AG-UI 1.0 has no type for are dropped.
 */
export function toAgUIContentParts(parts: readonly unknown[]): ContentPart[] {
  const converted: Record<string, any>[] = [];
  for (const value of parts) {
    if (!isRecord(value)) continue;
    // 1.0 replaced `binary` with the media parts; one without a MIME type cannot be placed.
    const part =
      value.type === "binary" && typeof value.mimeType === "string"
        ? normalizeContentPart(value as BinaryPart)
        : value;
    if (part.type === "text") converted.push(pickFields(part, TEXT_PART_FIELDS));
    else if (MEDIA_TYPES.includes(part.type)) converted.push(pickFields(part, MEDIA_PART_FIELDS));
  }
  return converted as ContentPart[];
}
