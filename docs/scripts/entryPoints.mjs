// The public entry points of the published packages, read from the packages themselves: each
// package's tsup config names the source file of every built entry, and its package.json
// `exports` says which subpath serves it. The API reference documents exactly these, and a
// subpath exported without a source entry (other than the package's own hand-written
// deprecated re-exports and its CSS) fails the build instead of being left out.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const packagesDir = join(repoRoot, "packages");

/** `name: "src/….ts"` pairs of a tsup config's entry objects. */
const ENTRY = /(?:^|[{,\s])"?([\w/.-]+)"?\s*:\s*"(src\/[^"]+\.tsx?)"/gm;

/**
 * Every public entry point: its import specifier (`@crayonai/stream/adapters/ag-ui`) and its
 * source file, absolute.
 * @returns {{ specifier: string, file: string, packageDir: string }[]}
 */
export function publicEntryPoints() {
  const entries = [];
  for (const dir of readdirSync(packagesDir).sort()) {
    const packageDir = join(packagesDir, dir);
    const pkg = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
    if (pkg.private) continue;
    const tsup = readFileSync(join(packageDir, "tsup.config.ts"), "utf8");
    const sources = new Map([...tsup.matchAll(ENTRY)].map(([, name, src]) => [name, src]));
    for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
      if (subpath === "./package.json" || subpath.endsWith(".css")) continue;
      const types = JSON.stringify(target).match(/"types":"\.\/([^"]+)\.d\.ts"/)?.[1];
      if (types?.startsWith("deprecated/")) continue;
      const name = types?.replace(/^dist\//, "");
      const src = name && sources.get(name);
      if (!src)
        throw new Error(`${pkg.name}: no source entry in tsup.config.ts for export "${subpath}"`);
      entries.push({
        specifier: subpath === "." ? pkg.name : `${pkg.name}/${subpath.slice(2)}`,
        file: join(packageDir, src),
        packageDir,
      });
    }
  }
  return entries;
}
