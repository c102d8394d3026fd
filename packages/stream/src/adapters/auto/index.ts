// The `@crayonai/stream/adapters/auto` entry: autoAdapter and its types; the files beside it are its parts.
export * from "./autoAdapter";
