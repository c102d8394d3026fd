// The `@crayonai/stream/converters/openai` entry: openAIMessageConverter and its types; the files beside it are its parts.
export * from "./openAIMessageConverter";
