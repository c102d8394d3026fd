// The `@crayonai/stream/backends/vercel` entry: vercelAIBackend and its types; the files beside it are its parts.
export * from "./vercelAIBackend";
