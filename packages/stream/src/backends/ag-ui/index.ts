// The `@crayonai/stream/backends/ag-ui` entry: agUIBackend and its types; the files beside it are its parts.
export * from "./agUIBackend";
