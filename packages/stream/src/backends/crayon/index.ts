// The `@crayonai/stream/backends/crayon` entry: crayonBackend and its types.
export * from "./crayonBackend";
