import { pgliteDatabase, type SqlDatabase, type SqlExecutor } from "@crayonai/server/threads";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";
import { afterAll, beforeAll, onTestFinished } from "vitest";
import { createDemoAgentServer, type DemoAgentServer } from "../app";
import type { DemoAgentOptions } from "../options";
import { pgliteTemplateDir } from "../store/demoThreads";

// Test support: apps on throw-away databases, closed when their test ends.

// PGlite takes seconds to start on a busy machine, and every test has apps of its own: they
// share one PGlite per test file, each app in a Postgres schema of its own.
let sharedPglite: SqlDatabase | undefined;
let schemas = 0;
const sharedDatabase = () => {
  sharedPglite ??= pgliteDatabase({ templateDir: pgliteTemplateDir() });
  return sharedPglite;
};
/** Apps not closed yet: made outside a test, they are closed with the file. */
const openAgents = new Set<DemoAgentServer>();
// Started before the file's tests, with time to spare: started by the first test that needed
// it, its start fell within that test's time limit, and on a loaded machine took most of it.
beforeAll(async () => {
  await sharedDatabase().query("SELECT 1");
}, 120_000);
afterAll(async () => {
  await Promise.all([...openAgents].map((agent) => agent.close()));
  await sharedPglite?.close();
});

/**
 * A database of its own for one app: a fresh schema of the test file's PGlite, which every
 * statement and transaction of the app is run in (PGlite has one connection, so each sets its
 * `search_path` in a transaction of its own). Closing it leaves the PGlite open.
 */
export function testDatabase(): SqlDatabase {
  const shared = sharedDatabase();
  const schema = `app_${++schemas}`;
  let created: Promise<unknown> | undefined;
  const inSchema = async <T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> => {
    created ??= shared.query(`CREATE SCHEMA ${schema}`);
    await created;
    return shared.transaction(async (tx) => {
      await tx.query(`SET LOCAL search_path TO ${schema}`);
      return work(tx);
    });
  };
  return {
    query: (sql, params) => inSchema((tx) => tx.query(sql, params)),
    transaction: (work) => inSchema(work),
    close: async () => {},
  };
}

/** Options for a test's own app: threads in a {@link testDatabase}, no model. */
const testOptions = (options: DemoAgentOptions): DemoAgentOptions => ({
  database: testDatabase(),
  openai: null,
  ...options,
});

/**
 * Closes `agent` (its replies stop and are saved) when the running test ends; made outside a
 * test (`beforeAll`), when the test file ends.
 */
function closeAfterTest(agent: DemoAgentServer): void {
  openAgents.add(agent);
  try {
    onTestFinished(async () => {
      openAgents.delete(agent);
      await agent.close();
    });
  } catch {
    // Not inside a test.
  }
}

/** A demo agent app on its own database, without pacing and without a model. */
export async function testApp(options: DemoAgentOptions = {}): Promise<Hono> {
  const agent = createDemoAgentServer(testOptions({ delayMs: 0, ...options }));
  closeAfterTest(agent);
  return agent.app;
}

/**
 * A demo agent served over real HTTP on a free loopback port (on its own database, without a
 * model), so clients really disconnect: `base` is `http://127.0.0.1:port`.
 */
export async function servedApp(
  options: DemoAgentOptions = {},
): Promise<{ base: string; close(): Promise<void> }> {
  const agent = createDemoAgentServer(testOptions(options));
  return new Promise((resolve) => {
    const server = serve({ fetch: agent.app.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
      resolve({
        base: `http://127.0.0.1:${info.port}`,
        async close() {
          server.close();
          await agent.close();
        },
      }),
    );
  });
}
