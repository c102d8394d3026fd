/**
 * `@crayonai/stream/wire`: a response's body, frame by frame, for debugging tools. The chat
 * engine's debug channel loads it only while something listens.
 *
 * @packageDocumentation
 */

export { observeWire, type WireFrame, type WireListener } from "./observeWire";
