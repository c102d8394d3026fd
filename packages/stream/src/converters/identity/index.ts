// The identity converter (exported from the package root, the default).
export * from "./identityConverter";
