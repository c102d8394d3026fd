import type { CrayonStreamEvent } from "../../events";
import { type Emit, errorEvent } from "../../internal/eventStream";
import { isRecord, parseJSONData } from "../../internal/jsonData";
import { randomId } from "../../internal/randomId";
import { compile } from "./jsonEventDecoders";

/** A `tpl` frame's fields (0.6 sends `templateProps: null` for none). */
const TEMPLATE_FIELDS = compile("activity-snapshot", "name:+ templateProps:o?");

/** Makes ids for templates of one response: a random prefix and a counter. */
export function templateIdGenerator(): () => string {
  const prefix = randomId("tpl");
  let count = 0;
  return () => `${prefix}-${++count}`;
}

/**
 * Reads the response templates of `@crayonai/stream` 0.6 as activity snapshots.
 *
 * - `tpl` (`{ name, templateProps }`) starts a template: an `activity-snapshot` whose
 *   `activityType` is the template name and whose `content` is `templateProps`. 0.6 templates
 *   carry no id, so one is generated; every later snapshot of the same template reuses it.
 * - `tpl_props_chunk` appends its data, as text, to `templateProps.content` of the latest
 *   template, exactly as the 0.6 client did, and emits the template's new snapshot.
 *
 * One instance per response.
 */
export function legacyTemplates(generateId: () => string) {
  /** The latest template's snapshot. */
  let current: Extract<CrayonStreamEvent, { type: "activity-snapshot" }> | undefined;
  /** `templateProps.content` so far: the text the `tpl_props_chunk` frames append to. */
  let streamed = "";

  return {
    /** A `tpl` frame. */
    template(data: string, emit: Emit): void {
      const value = parseJSONData(data, "a tpl event", emit);
      if (value === undefined) return;
      const fields = TEMPLATE_FIELDS(isRecord(value) ? value : {});
      if (typeof fields === "string") {
        emit(errorEvent("malformed_event", `Invalid tpl event: ${fields}`));
        return;
      }
      const { name, templateProps = {} } = fields as { name?: string; templateProps?: any };
      streamed = typeof templateProps.content === "string" ? templateProps.content : "";
      current = {
        type: "activity-snapshot",
        activityType: name!,
        content: templateProps,
        messageId: generateId(),
      };
      emit({ ...current });
    },

    /** A `tpl_props_chunk` frame. */
    propsChunk(chunk: string, emit: Emit): void {
      if (!current) {
        emit(errorEvent("malformed_event", "A tpl_props_chunk event arrived before any tpl event"));
        return;
      }
      streamed += chunk;
      emit({ ...current, content: { ...current.content, content: streamed } });
    },
  };
}
