// The `@crayonai/stream/adapters/openai` entry: openAIChatAdapter and its types; the files beside it are its parts.
export * from "./openAIChatAdapter";
