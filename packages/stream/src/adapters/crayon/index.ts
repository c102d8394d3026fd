// The Crayon SSE adapter (exported from the package root, the default protocol) and the event
// names of its format (for writers of it, such as `@crayonai/server/sse`); the files beside it
// are their parts.
export * from "./crayonSSEAdapter";
export { crayonSSEEventName } from "./crayonSSEEventName";
