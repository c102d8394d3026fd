// The `@crayonai/stream/converters/ag-ui` entry: agUIMessageConverter and its types; the files beside it are its parts.
export * from "./agUIMessageConverter";
