// The `@crayonai/stream/converters/vercel` entry: vercelUIMessageConverter and its types; the files beside it are its parts.
export * from "./vercelUIMessageConverter";
