import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { packedPackages } from "./publicEntries";
import { run } from "./run";

declare module "vitest" {
  export interface ProvidedContext {
    /** A copy of examples/jest-consumer with the packed packages installed, as a user's project. */
    consumerDir: string;
  }
}

const repoRoot = resolve(import.meta.dirname, "../../..");

/**
 * Packs the built packages (`pnpm pack` turns `workspace:*` into versions, as publishing does)
 * and installs them with npm into a copy of the Jest consumer project: its own lockfile, no
 * workspace, no hoisting from the monorepo.
 */
export default async function setup(project: TestProject) {
  const root = mkdtempSync(join(tmpdir(), "crayon-packaging-"));
  const tarballs = join(root, "tarballs");
  const pnpm = join(repoRoot, "node_modules/.bin/pnpm");
  for (const name of packedPackages) {
    await run(pnpm, ["pack", "--pack-destination", tarballs], join(repoRoot, "packages", name));
  }
  const consumerDir = join(root, "consumer");
  cpSync(join(repoRoot, "examples/jest-consumer"), consumerDir, {
    recursive: true,
    filter: (path) => !path.includes("node_modules"),
  });
  // The project's lockfile holds its own dependencies; the tarballs come on top, unsaved, with
  // the optional peer dependencies some entries need (`@crayonai/server/mcp` the MCP client), as
  // a user who imports every entry installs them.
  const packed = readdirSync(tarballs).map((file) => join(tarballs, file));
  await run(
    "npm",
    [
      "install",
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      ...packed,
      ...optionalPeers(),
    ],
    consumerDir,
  );
  project.provide("consumerDir", consumerDir);
  return () => rmSync(root, { recursive: true, force: true });
}

/** `name@range` of every optional peer dependency the packed packages declare with a range. */
function optionalPeers(): string[] {
  return packedPackages.flatMap((name) => {
    const manifest = JSON.parse(
      readFileSync(join(repoRoot, "packages", name, "package.json"), "utf8"),
    ) as {
      peerDependencies?: Record<string, string>;
      peerDependenciesMeta?: Record<string, { optional?: boolean }>;
    };
    return Object.entries(manifest.peerDependencies ?? {})
      .filter(([peer]) => manifest.peerDependenciesMeta?.[peer]?.optional)
      .map(([peer, range]) => `${peer}@${range}`);
  });
}
