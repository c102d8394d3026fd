import type { Pool, PoolClient } from "pg";
import { classifyDatabaseError } from "./databaseUnavailableError";
import type { SqlDatabase, SqlExecutor, SqlRow } from "./sqlDatabase";

/** Options of {@link postgresDatabase}. */
export type PostgresDatabaseOptions = {
  /** `postgres://user:password@host:5432/database` (e.g. `process.env.DATABASE_URL`). */
  connectionString: string;
  /** Most connections open at once. Default 10. */
  max?: number;
  /**
   * How long a connection may take to open before the operation fails as unavailable, in
   * milliseconds. Default 5000.
   */
  connectionTimeoutMillis?: number;
};

/** Swallows an `error` event: the operation that meets the broken connection reports it. */
const ignore = () => {};

/**
 * A {@link SqlDatabase} on a real Postgres server through the `pg` driver (an optional peer
 * dependency: `npm install pg`), with a pool of connections opened as they are needed.
 * Connections the server drops are discarded, never reused; a server that is down or goes away
 * makes operations fail with {@link DatabaseUnavailableError} until it is back, and never
 * crashes the process.
 *
 * @example
 * ```ts
 * const store = createThreadStore({
 *   db: postgresDatabase({ connectionString: process.env.DATABASE_URL! }),
 * });
 * ```
 */
export function postgresDatabase(options: PostgresDatabaseOptions): SqlDatabase {
  let pool: Promise<Pool> | undefined;
  let closed = false;

  // `pg` is loaded on first use, so apps on PGlite never need it installed.
  const open = (): Promise<Pool> => {
    if (closed) return Promise.reject(new Error("Cannot use a pool after calling end on it"));
    pool ??= import("pg").then((module) => {
      const PoolClass =
        module.Pool ?? (module as unknown as { default: typeof module }).default.Pool;
      const created = new PoolClass({
        connectionString: options.connectionString,
        max: options.max ?? 10,
        connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5000,
        // A server that vanished without closing its sockets is noticed, not waited on forever.
        keepAlive: true,
      });
      // An idle connection the server closes emits `error` on the pool: without a listener,
      // Node would end the process.
      created.on("error", ignore);
      return created;
    });
    return pool;
  };

  const executor = (client: Pick<PoolClient, "query">): SqlExecutor => ({
    async query<T extends SqlRow>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      return (await client.query(sql, params as unknown[])).rows as T[];
    },
  });

  return {
    async query<T extends SqlRow>(sql: string, params?: readonly unknown[]): Promise<T[]> {
      try {
        return await executor(await open()).query<T>(sql, params);
      } catch (error) {
        throw classifyDatabaseError(error);
      }
    },

    async transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
      let client: PoolClient;
      try {
        client = await (await open()).connect();
      } catch (error) {
        throw classifyDatabaseError(error);
      }
      // A checked-out connection has no listener of the pool's: one of ours keeps a drop
      // between two statements from ending the process.
      client.on("error", ignore);
      let broken: Error | undefined;
      try {
        await client.query("BEGIN");
        const result = await work(executor(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        try {
          await client.query("ROLLBACK");
        } catch (rollbackError) {
          // The connection is gone (and with it the transaction): never hand it out again.
          broken =
            rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        }
        throw classifyDatabaseError(error);
      } finally {
        client.removeListener("error", ignore);
        client.release(broken);
      }
    },

    async close() {
      closed = true;
      const created = pool;
      pool = undefined;
      await (await created)?.end();
    },
  };
}
