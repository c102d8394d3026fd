// The `@crayonai/stream/adapters/plain-text` entry: plainTextSSEAdapter and its types; the files beside it are its parts.
export * from "./plainTextSSEAdapter";
