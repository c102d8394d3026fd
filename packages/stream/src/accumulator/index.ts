export type { MessageAccumulator, MessageAccumulatorOptions } from "./accumulatorTypes";
export {
  createLazyMessageAccumulator,
  type LazyMessageAccumulator,
} from "./lazyMessageAccumulator";
export { createMessageAccumulator } from "./messageAccumulator";
