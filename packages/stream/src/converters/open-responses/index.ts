// The `@crayonai/stream/converters/open-responses` entry: openResponsesMessageConverter, both directions as functions, and the item types; the files beside it are its parts.
export * from "./openResponsesMessageConverter";
