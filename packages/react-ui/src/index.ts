/**
 * `@crayonai/react-ui`: the `CrayonChat` component. It is being built; until then this package
 * re-exports the message model so apps can type their data against it.
 *
 * @packageDocumentation
 */
export type { Message } from "@crayonai/stream";
