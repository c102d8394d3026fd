// The Crayon SSE adapter (exported from the package root, the default protocol); the files beside it are its parts.
export * from "./crayonSSEAdapter";
