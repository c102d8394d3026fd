import { readFileSync } from "node:fs";
import { resolve } from "node:path";

type Conditions = { types?: string; default: string };
type ExportTarget = string | { import?: Conditions; require?: Conditions; default?: string };

/** One subpath of a package's `exports` map, and the ways the map says it loads. */
export type PublicEntry = {
  /** What a user writes: `@crayonai/stream/adapters/ag-ui`. */
  specifier: string;
  packageName: string;
  /** Declarations of the `import` condition (relative to the package), when it has one. */
  importTypes?: string;
  /** Declarations of the `require` condition, when it has one. */
  requireTypes?: string;
  /** A file that is not a module (styles, the manifest): it only has to resolve both ways. */
  file: boolean;
};

const repoRoot = resolve(import.meta.dirname, "../../..");

/**
 * The published packages (folders under `packages/`), packed and installed into the consumer
 * project. `server` also makes `@crayonai/stream`'s deprecated `./server` subpaths loadable:
 * they re-export it, an optional peer dependency.
 */
export const packedPackages = ["stream", "react-core", "react-ui", "server"];

/** Every public entry of the published packages, read from their `exports` maps. */
export function publicEntries(packages: string[]): PublicEntry[] {
  return packages.flatMap((name) => {
    const manifest = JSON.parse(
      readFileSync(resolve(repoRoot, "packages", name, "package.json"), "utf8"),
    ) as { name: string; exports: Record<string, ExportTarget> };
    return Object.entries(manifest.exports).map(([subpath, target]): PublicEntry => {
      const specifier = manifest.name + subpath.slice(1);
      const conditions = typeof target === "string" ? {} : target;
      return {
        specifier,
        packageName: manifest.name,
        importTypes: conditions.import?.types,
        requireTypes: conditions.require?.types,
        file: !conditions.import && !conditions.require,
      };
    });
  });
}
