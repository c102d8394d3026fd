// The `@crayonai/stream/backends/open-responses` entry: openResponsesBackend and its types; the files beside it are its parts.
export * from "./openResponsesBackend";
