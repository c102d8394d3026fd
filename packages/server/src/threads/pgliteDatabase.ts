import type { PGlite } from "@electric-sql/pglite";
import { classifyDatabaseError } from "./databaseUnavailableError";
import type { SqlDatabase, SqlExecutor, SqlRow } from "./sqlDatabase";

/** Options of {@link pgliteDatabase}. */
export type PgliteDatabaseOptions = {
  /**
   * A directory to keep the database in (created when missing), or `"memory://"`. Default: in
   * memory, gone when the process ends.
   */
  dataDir?: string;
  /** An instance of the app's own, used instead of creating one (and not closed by `close`). */
  pglite?: PGlite;
  /**
   * A directory (created when missing) keeping a freshly created database as a file, written
   * the first time one is created, that every later new database starts from: loading it takes
   * well under a second, where creating a database costs PGlite seconds of CPU (it builds its
   * system catalogs). Only a new database uses it: in memory, or a `dataDir` that does not exist
   * yet. A file that cannot be loaded (made by another PGlite version, damaged) is made again.
   * The file is about 40 MB. Default: none, every database is created.
   */
  templateDir?: string;
};

/** The file in `templateDir` that new databases start from. */
export const PGLITE_TEMPLATE_FILE = "pglite-template.tar";

const IN_MEMORY = "memory://";

/**
 * `node:fs/promises`, taken at run time: a bundler that traces the files a server reads (Next.js)
 * would otherwise take the template's path, known only at run time, for the whole project.
 */
const fileSystem = () => process.getBuiltinModule("node:fs/promises");

/**
 * `node:path`, taken at run time too: `@crayonai/server/threads` then imports no Node module as
 * it loads, so a browser bundle of its routes and errors (a page keeping threads in memory) has
 * none to leave out.
 */
const paths = () => process.getBuiltinModule("node:path");

/** Writes a dump of `db` (fresh: nothing written to it yet) to `file`, whole or not at all. */
async function saveTemplate(db: PGlite, file: string): Promise<void> {
  const { mkdir, rename, rm, writeFile } = fileSystem();
  const dump = await db.dumpDataDir("none");
  await mkdir(paths().dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${globalThis.crypto.randomUUID()}.tmp`;
  try {
    await writeFile(temporary, new Uint8Array(await dump.arrayBuffer()));
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
}

/** Creates the PGlite instance, from the template when the database is new and there is one. */
async function createPglite(options: PgliteDatabaseOptions): Promise<PGlite> {
  const { PGlite } = await import("@electric-sql/pglite");
  const dataDir = options.dataDir ?? IN_MEMORY;
  const inMemory = dataDir.startsWith(IN_MEMORY);
  const inDirectory = !dataDir.includes("://");
  // PGlite makes the directory itself, but not its parents.
  if (inDirectory) await fileSystem().mkdir(paths().dirname(dataDir), { recursive: true });
  if (!options.templateDir || !(inMemory || inDirectory)) return PGlite.create(dataDir);
  const { readFile, rm, stat } = fileSystem();
  // A directory that exists is opened as it is.
  const exists =
    inDirectory &&
    (await stat(dataDir).then(
      () => true,
      () => false,
    ));
  if (exists) return PGlite.create(dataDir);
  const file = paths().join(options.templateDir, PGLITE_TEMPLATE_FILE);
  const template = await readFile(file).catch(() => undefined);
  if (template) {
    try {
      return await PGlite.create(dataDir, { loadDataDir: new Blob([template]) });
    } catch {
      // Made again below, once what the failed load wrote is gone (the directory was new).
      if (!inMemory) await rm(dataDir, { recursive: true, force: true });
    }
  }
  const db = await PGlite.create(dataDir);
  // Best effort: a template that cannot be written only means the next start creates again.
  await saveTemplate(db, file).catch(() => {});
  return db;
}

/**
 * A {@link SqlDatabase} on PGlite: Postgres compiled to WebAssembly, in this process, so no
 * database service is needed. One connection, so transactions run one at a time. The instance
 * is created on first use (creating a database takes PGlite seconds of CPU; with `templateDir`,
 * a new database after the first loads in well under one), and created again after a failed
 * start.
 *
 * @example
 * ```ts
 * const store = createThreadStore({ db: pgliteDatabase({ dataDir: "./data/threads" }) });
 * ```
 */
export function pgliteDatabase(options: PgliteDatabaseOptions = {}): SqlDatabase {
  let instance: Promise<PGlite> | undefined = options.pglite && Promise.resolve(options.pglite);
  let closed = false;

  const open = (): Promise<PGlite> => {
    // Closed is final: never a fresh, empty database in its place.
    if (closed) return Promise.reject(new Error("PGlite is closed"));
    instance ??= createPglite(options).catch((error) => {
      // The next call tries again rather than keeping the failure.
      instance = undefined;
      throw error;
    });
    return instance;
  };

  // Every failure leaves through here, so a closed or failed instance reads as unavailable.
  const run = async <T>(work: (db: PGlite) => Promise<T>): Promise<T> => {
    try {
      return await work(await open());
    } catch (error) {
      throw classifyDatabaseError(error);
    }
  };

  const executor = (db: Pick<PGlite, "query">): SqlExecutor => ({
    async query<T extends SqlRow>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      return (await db.query<T>(sql, params as unknown[])).rows;
    },
  });

  return {
    query<T extends SqlRow>(sql: string, params?: readonly unknown[]): Promise<T[]> {
      return run((db) => executor(db).query<T>(sql, params));
    },
    transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
      return run((db) => db.transaction((tx) => work(executor(tx))));
    },
    async close() {
      closed = true;
      const created = instance;
      instance = undefined;
      if (!created || options.pglite) return;
      const db = await created.catch(() => undefined);
      if (db && !db.closed) await db.close();
    },
  };
}
