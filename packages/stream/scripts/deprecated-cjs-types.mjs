// The deprecated `./server` and `./server/resumable` subpaths are hand-written re-exports of
// `@crayonai/server`. Their CommonJS types (`.d.cts`) say exactly what the ES module types
// (`.d.ts`) say, so they are copied from them at build time instead of kept twice.
import { copyFileSync } from "node:fs";

for (const entry of ["deprecated/server", "deprecated/server/resumable"]) {
  copyFileSync(`${entry}.d.ts`, `${entry}.d.cts`);
}
