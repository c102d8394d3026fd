import type { PartSource } from "../../message";

/** An inline part source. */
export type DataSource = Extract<PartSource, { type: "data" }>;

const DATA_URL = /^data:([^,]*?);base64,(.*)$/s;

/** `data:<mimeType>;base64,<value>`. */
export function toDataURL({ mimeType, value }: DataSource): string {
  return `data:${mimeType};base64,${value}`;
}

/** The inline source a base64 `data:` URL stands for; `undefined` for any other URL. */
export function parseDataURL(url: string): DataSource | undefined {
  const match = DATA_URL.exec(url);
  return match ? { type: "data", value: match[2]!, mimeType: match[1]! } : undefined;
}
