import type { CrayonStreamEvent } from "../events";
import type { MessageAccumulator, MessageAccumulatorOptions } from "./accumulatorTypes";
import { accumulatorWith } from "./accumulatorWith";
import type { PatchApplier, patchedDocument } from "./jsonPatchDocument";

/** A {@link MessageAccumulator} whose rarely used parts are loaded when an event needs them. */
export interface LazyMessageAccumulator extends MessageAccumulator {
  /**
   * A promise to await before {@link MessageAccumulator.apply | applying} `event` when it needs
   * a part that is not loaded yet (the JSON Patch applier, for a `state-delta` or an
   * `activity-delta` with a patch); undefined when it can be applied now. It never rejects: a
   * part that cannot be loaded makes the event reported through `onError` as
   * `malformed_event`, like any patch that cannot be applied.
   */
  prepare(event: CrayonStreamEvent): Promise<void> | undefined;
}

let applier: typeof patchedDocument | undefined;
let loading: Promise<void> | undefined;

/** Stands in for the applier while it is not loaded: the patch is reported and changes nothing. */
const notLoaded: PatchApplier = (_document, _patch, what, report) => {
  report("malformed_event", `Could not apply the JSON Patch to ${what}: no applier is loaded.`);
  return undefined;
};

function needsJsonPatch(event: CrayonStreamEvent): boolean {
  return (
    event?.type === "state-delta" ||
    (event?.type === "activity-delta" && (event as { patch?: unknown }).patch !== undefined)
  );
}

/**
 * Creates a {@link LazyMessageAccumulator}: {@link createMessageAccumulator}'s accumulator
 * without the JSON Patch applier in the bundle until a patch arrives (agent state and activity
 * patches are rare in chat replies). Await `prepare(event)` before each `apply(event)` when
 * it returns a promise; an event that needs nothing is applied at once, as with the eager one.
 *
 * @example
 * ```ts
 * const acc = createLazyMessageAccumulator({ messages: history });
 * for await (const event of crayonSSEAdapter().parse(response)) {
 *   await acc.prepare(event);
 *   acc.apply(event);
 * }
 * ```
 */
export function createLazyMessageAccumulator(
  options: MessageAccumulatorOptions = {},
): LazyMessageAccumulator {
  const accumulator = accumulatorWith(options, (...patch) => (applier ?? notLoaded)(...patch));
  return {
    ...accumulator,
    prepare(event) {
      if (applier || !needsJsonPatch(event)) return undefined;
      loading ??= import("./jsonPatchDocument").then(
        (module) => {
          applier = module.patchedDocument;
        },
        () => {
          // Not loaded (offline, a missing chunk): the next patch tries again.
          loading = undefined;
        },
      );
      return loading;
    },
  };
}
