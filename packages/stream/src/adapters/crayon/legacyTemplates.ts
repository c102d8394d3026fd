import { type Emit, errorEvent } from "../../internal/eventStream";
import { isRecord, parseJSONData } from "../../internal/jsonData";

type CurrentTemplate = {
  messageId: string;
  activityType: string;
  props: Record<string, any>;
  /** `templateProps.content` so far: the text the `tpl_props_chunk` frames append to. */
  streamedContent: string;
};

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
export class LegacyTemplates {
  private current: CurrentTemplate | undefined;

  constructor(private readonly generateId: () => string) {}

  /** A `tpl` frame. */
  template(data: string, emit: Emit): void {
    const parsed = parseJSONData(data, "a tpl event");
    if (!parsed.ok) {
      emit(parsed.error);
      return;
    }
    const value = parsed.value;
    if (!isRecord(value) || typeof value.name !== "string" || value.name === "") {
      emit(errorEvent("malformed_event", "Invalid tpl event: `name` must be a non-empty string"));
      return;
    }
    const templateProps = value.templateProps;
    if (templateProps !== undefined && templateProps !== null && !isRecord(templateProps)) {
      emit(errorEvent("malformed_event", "Invalid tpl event: `templateProps` must be an object"));
      return;
    }
    const props: Record<string, any> = templateProps ?? {};
    const messageId = this.generateId();
    this.current = {
      messageId,
      activityType: value.name,
      props,
      streamedContent: typeof props.content === "string" ? props.content : "",
    };
    emit({ type: "activity-snapshot", activityType: value.name, content: props, messageId });
  }

  /** A `tpl_props_chunk` frame. */
  propsChunk(chunk: string, emit: Emit): void {
    const current = this.current;
    if (current === undefined) {
      emit(errorEvent("malformed_event", "A tpl_props_chunk event arrived before any tpl event"));
      return;
    }
    current.streamedContent += chunk;
    emit({
      type: "activity-snapshot",
      activityType: current.activityType,
      content: { ...current.props, content: current.streamedContent },
      messageId: current.messageId,
    });
  }
}
