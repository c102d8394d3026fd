// The `@crayonai/stream/backends/openai` entry: openAIBackend and its types; the files beside it are its parts.
export * from "./openAIBackend";
