// The `@crayonai/stream/adapters/open-responses` entry: openResponsesAdapter; the files beside it are its parts.
export * from "./openResponsesAdapter";
