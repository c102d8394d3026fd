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
};

/**
 * A {@link SqlDatabase} on PGlite: Postgres compiled to WebAssembly, in this process, so no
 * database service is needed. One connection, so transactions run one at a time. The instance
 * is created on first use (loading PGlite takes a moment), and created again after a failed
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
    instance ??= import("@electric-sql/pglite")
      .then(({ PGlite }) => PGlite.create(options.dataDir ?? "memory://"))
      .catch((error) => {
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
