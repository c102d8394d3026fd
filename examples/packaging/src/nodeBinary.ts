import { run } from "./run";

/**
 * A Node binary of the given major version: this process's when it matches, else the `node`
 * package's from the npm registry (through npx, which caches it).
 */
export async function nodeBinary(major: number, cwd: string): Promise<string> {
  if (process.versions.node.split(".")[0] === String(major)) return process.execPath;
  const printed = await run("npx", ["-y", `node@${major}`, "-p", "process.execPath"], cwd);
  return printed.trim();
}
