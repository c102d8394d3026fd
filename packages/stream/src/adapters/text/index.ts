// The `@crayonai/stream/adapters/text` entry: textStreamAdapter and its types; the files beside it are its parts.
export * from "./textStreamAdapter";
