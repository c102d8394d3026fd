import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import { copyFile, mkdtemp, readdir, readFile, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "tsup";

const packageDir = fileURLToPath(new URL("../", import.meta.url));

/** A built `@crayonai/react-ui` for the Crayon page, and what it was built from. */
export type CrayonBuild = {
  /** Holds `index.js` and `styles.css`. */
  readonly distDir: string;
  /** Recorded in the results, so before and after runs can be told apart. */
  readonly source: Record<string, unknown>;
  /** Removes what was built for this run (nothing for the package's own dist). */
  dispose(): Promise<void>;
};

function git(...args: string[]): string | undefined {
  try {
    return execFileSync("git", args, { cwd: packageDir, encoding: "utf8" }).trim();
  } catch {
    return undefined;
  }
}

async function fileHash(path: string): Promise<string> {
  return createHash("sha256")
    .update(await readFile(path))
    .digest("hex")
    .slice(0, 12);
}

async function newestIn(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const times = entries
    .filter((e) => e.isFile())
    .map((e) => statSync(join(e.parentPath, e.name)).mtimeMs);
  return Math.max(0, ...times);
}

/**
 * This package's `dist`, as `pnpm build` left it. Warns when `src/` changed after the build
 * (the bench measures the build, not the source).
 */
export async function packageDistBuild(): Promise<CrayonBuild> {
  const distDir = join(packageDir, "dist");
  const entry = join(distDir, "index.js");
  if (!existsSync(entry)) {
    throw new Error("no dist: run `pnpm --filter @crayonai/react-ui build` first");
  }
  if ((await newestIn(join(packageDir, "src"))) > statSync(entry).mtimeMs) {
    console.warn("warning: src/ changed after dist/ was built; the bench measures dist/");
  }
  const markdown = "src/components/Markdown.tsx";
  return {
    distDir,
    source: {
      build: "dist/ of the working tree",
      gitHead: git("rev-parse", "--short", "HEAD"),
      changedInSrc: git("status", "--porcelain", "--", "src")?.split("\n").filter(Boolean) ?? [],
      markdownTsx:
        git("hash-object", markdown) === git("rev-parse", `HEAD:./${markdown}`)
          ? "as committed"
          : "changed since the commit",
      distHash: await fileHash(entry),
    },
    dispose: async () => {},
  };
}

/**
 * Builds `@crayonai/react-ui` as it was at a git commit (e.g. the one before a change), in a
 * temporary directory: `git archive` reads the commit without touching the working tree, and
 * tsup builds it like the package's own `build` (ESM only, no type declarations). Its imports
 * resolve through this package's `node_modules`.
 */
export async function crayonBuildAt(ref: string): Promise<CrayonBuild> {
  const commit = git("rev-parse", "--verify", `${ref}^{commit}`);
  if (!commit) throw new Error(`--crayon-ref ${ref} is not a commit`);
  const dir = await mkdtemp(join(tmpdir(), "crayon-bench-"));
  const archive = execFileSync("git", ["archive", "--format=tar", commit, "--", "."], {
    cwd: packageDir,
    maxBuffer: 256 * 2 ** 20,
  });
  execFileSync("tar", ["-x", "-C", dir, "--exclude=bench"], { input: archive });
  await symlink(join(packageDir, "node_modules"), join(dir, "node_modules"), "dir");
  const manifest = JSON.parse(await readFile(join(dir, "package.json"), "utf8"));
  const distDir = join(dir, "dist");
  await build({
    config: false,
    entry: { index: join(dir, "src/index.ts") },
    format: ["esm"],
    dts: false,
    sourcemap: false,
    target: "es2022",
    outDir: distDir,
    tsconfig: join(packageDir, "tsconfig.json"),
    external: [
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
    ],
    silent: true,
  });
  await copyFile(join(dir, "src/styles.css"), join(distDir, "styles.css"));
  return {
    distDir,
    source: {
      build: `built from commit ${commit.slice(0, 12)} (--crayon-ref ${ref})`,
      commit,
      markdownTsxBlob: git("rev-parse", `${commit}:./src/components/Markdown.tsx`)?.slice(0, 12),
      distHash: await fileHash(join(distDir, "index.js")),
    },
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * Hashes of the built `@crayonai/stream` and `@crayonai/react-core` the Crayon page bundles (from
 * the working tree, whichever Crayon build is measured): before and after runs compare fairly
 * only if these match.
 */
export async function dependencyBuilds(): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const name of ["@crayonai/stream", "@crayonai/react-core"]) {
    const entry = join(packageDir, "node_modules", name, "dist/index.js");
    hashes[name] = existsSync(entry) ? await fileHash(entry) : "not built";
  }
  return hashes;
}
