import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A PGlite directory in a fresh temporary directory (the directory itself does not exist yet). */
export async function temporaryDataDir(): Promise<string> {
  return join(await mkdtemp(join(tmpdir(), "demo-agent-")), "data");
}
