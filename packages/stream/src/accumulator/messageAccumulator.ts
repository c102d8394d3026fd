import type { MessageAccumulator, MessageAccumulatorOptions } from "./accumulatorTypes";
import { accumulatorWith } from "./accumulatorWith";
import { patchedDocument } from "./jsonPatchDocument";

export type { MessageAccumulator, MessageAccumulatorOptions } from "./accumulatorTypes";

/**
 * Creates a {@link MessageAccumulator}: the framework-free reducer that turns a stream of
 * events into messages. `react-core` uses one per response; use it directly on a server or in
 * tests.
 *
 * @example
 * ```ts
 * const acc = createMessageAccumulator({ messages: history });
 * for await (const event of crayonSSEAdapter().parse(response)) acc.apply(event);
 * acc.finish();
 * render(acc.getMessages());
 * ```
 */
export function createMessageAccumulator(
  options: MessageAccumulatorOptions = {},
): MessageAccumulator {
  return accumulatorWith(options, patchedDocument);
}
