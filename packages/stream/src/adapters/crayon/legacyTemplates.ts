import { type Emit, errorEvent } from "../../internal/eventStream";
import { isRecord, parseJSONData } from "../../internal/jsonData";

/** Makes ids for templates of one response: a random prefix and a counter. */
export function templateIdGenerator(): () => string {
  const prefix = `tpl-${Math.random().toString(36).slice(2, 10)}${Date.now().toString(36)}`;
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
  let current: { messageId: string; activityType: string; props: Record<string, any> } | undefined;
  /** `templateProps.content` so far: the text the `tpl_props_chunk` frames append to. */
  let streamed = "";

  return {
    /** A `tpl` frame. */
    template(data: string, emit: Emit): void {
      const parsed = parseJSONData(data, "a tpl event");
      if (!parsed.ok) {
        emit(parsed.error);
        return;
      }
      const { name, templateProps } = isRecord(parsed.value) ? parsed.value : ({} as any);
      const problem =
        typeof name !== "string" || name === ""
          ? "`name` must be a non-empty string"
          : templateProps != null && !isRecord(templateProps)
            ? "`templateProps` must be an object"
            : undefined;
      if (problem) {
        emit(errorEvent("malformed_event", `Invalid tpl event: ${problem}`));
        return;
      }
      const props: Record<string, any> = templateProps ?? {};
      current = { messageId: generateId(), activityType: name, props };
      streamed = typeof props.content === "string" ? props.content : "";
      emit({
        type: "activity-snapshot",
        activityType: name,
        content: props,
        messageId: current.messageId,
      });
    },

    /** A `tpl_props_chunk` frame. */
    propsChunk(chunk: string, emit: Emit): void {
      if (!current) {
        emit(errorEvent("malformed_event", "A tpl_props_chunk event arrived before any tpl event"));
        return;
      }
      streamed += chunk;
      emit({
        type: "activity-snapshot",
        activityType: current.activityType,
        content: { ...current.props, content: streamed },
        messageId: current.messageId,
      });
    },
  };
}
