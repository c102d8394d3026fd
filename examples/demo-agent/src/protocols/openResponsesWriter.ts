import { defaultChunkModel } from "./openAIChunks";
import type { RunInfo } from "./protocolEncoder";

/** One event of a Responses stream: its `type`, `sequence_number` and fields. */
export type OpenResponsesEvent = { type: string; sequence_number: number } & Record<
  string,
  unknown
>;

/** An output item of a response: its `id`, `type` and fields. */
export type OutputItem = { id: string; type: string } & Record<string, unknown>;

/** The fields that name an output item in the events about it. */
export const itemFields = (item: { id: string; index: number }) => ({
  item_id: item.id,
  output_index: item.index,
});

/** The writer of one streamed response; see {@link createResponsesWriter}. */
export type ResponsesWriter = ReturnType<typeof createResponsesWriter>;

/**
 * Writes the events of one streamed Responses response for `run`: numbered from 0,
 * `response.created` and `response.in_progress` first, and its output items, each added with
 * the next output index and kept, once done, for the `output` of the response's last event.
 */
export function createResponsesWriter(run: RunInfo) {
  const responseId = `resp_${run.runId}`;
  const createdAt = Math.floor(Date.now() / 1000);
  const model = run.model ?? defaultChunkModel;
  const done: { index: number; item: OutputItem }[] = [];
  let out: OpenResponsesEvent[] = [];
  let sequence = 0;
  let items = 0;
  let started = false;

  const write = (type: string, fields: Record<string, unknown> = {}) => {
    out.push({ type, sequence_number: sequence++, ...fields });
  };

  const response = (status: string, extra: Record<string, unknown> = {}) => ({
    id: responseId,
    object: "response",
    created_at: createdAt,
    status,
    model,
    output: [...done].sort((a, b) => a.index - b.index).map(({ item }) => item),
    ...extra,
  });

  const addItem = (item: OutputItem): number => {
    const index = items++;
    write("response.output_item.added", { output_index: index, item });
    return index;
  };

  const finishItem = (index: number, item: OutputItem) => {
    write("response.output_item.done", { output_index: index, item });
    done.push({ index, item });
  };

  return {
    /** Writes an event of `type` with `fields`, numbered next. */
    write,
    /** The response object in the state `status`, with the items done so far as its output. */
    response,
    /** Writes `response.created` and `response.in_progress`, the first time only. */
    start() {
      if (started) return;
      started = true;
      write("response.created", { response: response("in_progress") });
      write("response.in_progress", { response: response("in_progress") });
    },
    /** Announces an item (`output_item.added`) and returns its output index. */
    addItem,
    /** Writes an item's `output_item.done` and keeps it for the response's output. */
    finishItem,
    /** Writes a whole item that has no progress of its own (MCP items). */
    wholeItem(item: OutputItem, progress: string[] = []) {
      const index = addItem(item);
      for (const status of progress) {
        write(`response.${item.type}.${status}`, { item_id: item.id, output_index: index });
      }
      finishItem(index, item);
    },
    /** The events written since the last call. */
    take(): OpenResponsesEvent[] {
      const events = out;
      out = [];
      return events;
    },
  };
}
