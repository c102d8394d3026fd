/**
 * `@crayonai/react-core`: React bindings for Crayon. The hooks (`useChat`, `useThreadManager`,
 * `useThreadListManager`) are being built; until then this package re-exports the message
 * model of `@crayonai/stream` so apps can type their data against it.
 *
 * @packageDocumentation
 */
export type { Message, StreamProtocolAdapter, MessageFormatConverter } from "@crayonai/stream";
