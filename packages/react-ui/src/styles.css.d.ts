// `import "@crayonai/react-ui/styles.css"` is a side-effect import of the stylesheet; this
// declaration lets TypeScript's `noUncheckedSideEffectImports` accept it.
export {};
