// The `@crayonai/stream/adapters/ag-ui` entry: agUIAdapter and its types; the files beside it are its parts.
export * from "./agUIAdapter";
