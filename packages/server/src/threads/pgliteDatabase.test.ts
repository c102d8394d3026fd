import { existsSync } from "node:fs";
import { mkdtemp, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PGLITE_TEMPLATE_FILE, pgliteDatabase } from "./pgliteDatabase";

const temporaryDir = () => mkdtemp(join(tmpdir(), "crayon-pglite-"));

/** Whether the database has table `t` (a template must be as fresh as a created database). */
async function hasTable(db: ReturnType<typeof pgliteDatabase>): Promise<boolean> {
  const [row] = await db.query<{ found: string | null }>("SELECT to_regclass('t')::text AS found");
  return row?.found != null;
}

describe("pgliteDatabase with a templateDir", () => {
  it("keeps the first new database as a template, and starts later ones (in memory, in a new directory) from it", async () => {
    const templateDir = await temporaryDir();
    const template = join(templateDir, PGLITE_TEMPLATE_FILE);
    const first = pgliteDatabase({ templateDir });
    await first.query("CREATE TABLE t (x int)");
    await first.close();
    expect((await stat(template)).size).toBeGreaterThan(1_000_000);
    const written = (await stat(template)).mtimeMs;

    const second = pgliteDatabase({ templateDir });
    expect(await hasTable(second)).toBe(false);
    await second.close();

    // A directory whose parents do not exist yet either.
    const dataDir = join(await temporaryDir(), ".data", "threads");
    const onDisk = pgliteDatabase({ templateDir, dataDir });
    expect(await hasTable(onDisk)).toBe(false);
    await onDisk.query("CREATE TABLE t (x int)");
    await onDisk.query("INSERT INTO t VALUES (1)");
    await onDisk.close();
    // An existing directory is opened as it is.
    const reopened = pgliteDatabase({ templateDir, dataDir });
    expect(await reopened.query("SELECT x FROM t")).toEqual([{ x: 1 }]);
    await reopened.close();
    expect((await stat(template)).mtimeMs).toBe(written);
  }, 180_000);

  it("makes a template again when the one kept cannot be loaded", async () => {
    const templateDir = await temporaryDir();
    const template = join(templateDir, PGLITE_TEMPLATE_FILE);
    await writeFile(template, "not a database");
    const dataDir = join(await temporaryDir(), "data");
    const db = pgliteDatabase({ templateDir, dataDir });
    expect(await db.query("SELECT 1 AS one")).toEqual([{ one: 1 }]);
    await db.close();
    expect((await stat(template)).size).toBeGreaterThan(1_000_000);
    expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true);
  }, 180_000);
});

describe("pgliteDatabase without a templateDir", () => {
  it("makes a directory whose parents do not exist yet, and keeps what is written across opens", async () => {
    const dataDir = join(await temporaryDir(), ".data", "threads");
    const db = pgliteDatabase({ dataDir });
    await db.query("CREATE TABLE t (x int)");
    await db.query("INSERT INTO t VALUES (2)");
    await db.close();
    const reopened = pgliteDatabase({ dataDir });
    expect(await reopened.query("SELECT x FROM t")).toEqual([{ x: 2 }]);
    await reopened.close();
  }, 180_000);
});
