import { compile } from "../crayon/jsonEventDecoders";

/**
 * Builds one event's Crayon event, `{ type, …fields }`, from the AG-UI event, or returns why it
 * is invalid (which field, and what it must be).
 */
export type EventFieldsDecoder = (event: Record<string, any>) => Record<string, any> | string;

/**
 * Compiles, once, the decoder of one AG-UI event type from a compact spec: the Crayon event
 * type, then its fields in the syntax of the Crayon adapter's field specs (`name` a string,
 * `name?` an optional string, `name:a` an array, `name:o` an object, `name:*` any value, copied
 * as is, null included). A trailing `!` makes an any-value field required.
 *
 * @example
 * ```ts
 * const decode = eventFields("state-snapshot snapshot:*!");
 * decode({ snapshot: { a: 1 } }); // { type: "state-snapshot", snapshot: { a: 1 } }
 * decode({}); // "`snapshot` must be present"
 * ```
 */
export function eventFields(spec: string): EventFieldsDecoder {
  const [type, ...fields] = spec.split(" ") as [string, ...string[]];
  const decode = compile(type, fields.join(" ").replace("!", ""));
  const required = fields.find((field) => field.endsWith("!"))?.split(":")[0];
  if (required === undefined) return decode;
  return (event) =>
    event[required] === undefined ? `\`${required}\` must be present` : decode(event);
}

/**
 * Decodes `TEXT_MESSAGE_CONTENT` / `REASONING_MESSAGE_CONTENT`, the most frequent events, into
 * `{ type, messageId, text }` (AG-UI's `delta` is Crayon's `text`).
 */
export const contentFields =
  (type: string): EventFieldsDecoder =>
  ({ messageId, delta }) =>
    typeof messageId !== "string"
      ? "`messageId` must be a string"
      : typeof delta !== "string"
        ? "`delta` must be a string"
        : { type, messageId, text: delta };
