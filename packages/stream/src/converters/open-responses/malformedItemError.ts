/**
 * One item {@link fromOpenResponsesItems} could not read whole: an item it left out, or a part
 * of one (a content part, a field) it left out while keeping the rest.
 */
export type MalformedItemError = {
  code: "malformed_item";
  /** The item's position in the list that was read. */
  index: number;
  /** The item's `type` (or `message` for a message with only a `role`), when it has one. */
  type?: string;
  /** What was wrong and what was done about it. */
  message: string;
};
