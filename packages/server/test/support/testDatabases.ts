import { afterAll, beforeAll } from "vitest";
import { pgliteDatabase } from "../../src/threads/pgliteDatabase";
import { postgresDatabase } from "../../src/threads/postgresDatabase";
import type { SqlDatabase } from "../../src/threads/sqlDatabase";
import { canStartPostgres, type PostgresServer, startPostgresServer } from "./postgresServer";

/** A database the suite runs against. */
export type DatabaseKind = { name: "PGlite" | "Postgres" };

const hasPostgres = canStartPostgres();
if (!hasPostgres)
  console.warn("Postgres is not installed: the thread store tests run on PGlite only.");

/** PGlite always; a real Postgres when its programs are installed. */
export const databaseKinds: DatabaseKind[] = [
  { name: "PGlite" },
  ...(hasPostgres ? [{ name: "Postgres" } as const] : []),
];

/** What {@link useDatabase} gives a suite once its `beforeAll` has run. */
export type TestDatabase = {
  /** The suite's database (one per suite: tests keep apart by using their own owners). */
  db: SqlDatabase;
  /** The Postgres server behind it (undefined on PGlite). */
  server?: PostgresServer;
  /** Another connection to the same data (a second app instance); PGlite has only one. */
  connect(): SqlDatabase;
};

/**
 * Starts the kind's database before the suite (PGlite in memory, or a Postgres server of its
 * own) and removes it after.
 */
export function useDatabase(kind: DatabaseKind): TestDatabase {
  const context = {} as TestDatabase;
  const extra: SqlDatabase[] = [];
  beforeAll(async () => {
    if (kind.name === "PGlite") {
      const db = pgliteDatabase();
      Object.assign(context, { db, connect: () => db });
      return;
    }
    const server = await startPostgresServer();
    const connect = () => {
      const db = postgresDatabase({ connectionString: server.url, connectionTimeoutMillis: 2000 });
      extra.push(db);
      return db;
    };
    Object.assign(context, { server, db: connect(), connect });
  });
  afterAll(async () => {
    await context.db?.close();
    await Promise.all(extra.map((db) => db.close().catch(() => {})));
    await context.server?.remove();
  });
  return context;
}
