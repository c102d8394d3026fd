// The `@crayonai/stream/adapters/vercel` entry: vercelAIAdapter and its types; the files beside it are its parts.
export * from "./vercelAIAdapter";
