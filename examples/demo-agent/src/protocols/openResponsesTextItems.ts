import type { OpenResponsesAnnotation } from "@crayonai/stream/converters/open-responses";
import { itemFields, type ResponsesWriter } from "./openResponsesWriter";

/** The message item being written: its text and citations so far. */
export type OpenMessage = {
  id: string;
  index: number;
  text: string;
  annotations: OpenResponsesAnnotation[];
  /** Its Crayon message ended while calls in it were still held. */
  ending?: boolean;
};

/** The reasoning item being written: its summary text so far. */
export type OpenReasoning = { id: string; index: number; text: string };

/**
 * The message and reasoning items of a response, written through `writer`: at most one of each
 * open at a time, its content part (or summary part) added when it opens and done, with the
 * whole text, when it closes. A reasoning item closes with the encrypted content `encrypted`
 * holds for its id, if any.
 */
export function createTextItems(writer: ResponsesWriter, encrypted: ReadonlyMap<string, string>) {
  const { write, addItem, finishItem } = writer;
  let message: OpenMessage | undefined;
  let reasoning: OpenReasoning | undefined;

  const closeMessage = () => {
    if (!message) return;
    const { text, annotations } = message;
    const part = { type: "output_text", text, annotations };
    const where = { ...itemFields(message), content_index: 0 };
    write("response.output_text.done", { ...where, text, logprobs: [] });
    write("response.content_part.done", { ...where, part });
    finishItem(message.index, {
      id: message.id,
      type: "message",
      role: "assistant",
      status: "completed",
      content: [part],
    });
    message = undefined;
  };

  const openMessage = (id: string): OpenMessage => {
    if (message?.id === id) return message;
    closeMessage();
    const item = { id, type: "message", role: "assistant", status: "in_progress", content: [] };
    message = { id, index: addItem(item), text: "", annotations: [] };
    write("response.content_part.added", {
      ...itemFields(message),
      content_index: 0,
      part: { type: "output_text", text: "", annotations: [] },
    });
    return message;
  };

  const closeReasoning = () => {
    if (!reasoning) return;
    const { id, text } = reasoning;
    const part = { type: "summary_text", text };
    const where = { ...itemFields(reasoning), summary_index: 0 };
    write("response.reasoning_summary_text.done", { ...where, text });
    write("response.reasoning_summary_part.done", { ...where, part });
    const secret = encrypted.get(id);
    finishItem(reasoning.index, {
      id,
      type: "reasoning",
      summary: [part],
      ...(secret !== undefined && { encrypted_content: secret }),
    });
    reasoning = undefined;
  };

  const openReasoning = (id: string): OpenReasoning => {
    if (reasoning?.id === id) return reasoning;
    closeReasoning();
    reasoning = { id, index: addItem({ id, type: "reasoning", summary: [] }), text: "" };
    write("response.reasoning_summary_part.added", {
      ...itemFields(reasoning),
      summary_index: 0,
      part: { type: "summary_text", text: "" },
    });
    return reasoning;
  };

  return {
    /** The message item open, if any. */
    get message() {
      return message;
    },
    /** The reasoning item open, if any. */
    get reasoning() {
      return reasoning;
    },
    /** Opens the message item `id`, closing any other first; the open one when it is `id`. */
    openMessage,
    /** Closes the open message item, if any, with its whole text and citations. */
    closeMessage,
    /** Opens the reasoning item `id`, closing any other first; the open one when it is `id`. */
    openReasoning,
    /** Closes the open reasoning item, if any, with its whole summary. */
    closeReasoning,
  };
}
