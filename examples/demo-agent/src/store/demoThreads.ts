import { homedir } from "node:os";
import { join } from "node:path";
import {
  createThreadStore,
  DatabaseUnavailableError,
  pgliteDatabase,
  postgresDatabase,
  type ThreadStore,
} from "@crayonai/server/threads";
import type { ResolvedDemoAgentOptions } from "../options";
import { DEMO_USER } from "./demoUser";

/**
 * Where new PGlite databases start from (`templateDir` of `pgliteDatabase`): a 40 MB file, made
 * by the first start on the machine, that later ones load in well under a second instead of
 * spending seconds of CPU creating a database. `$XDG_CACHE_HOME/crayon`, else `~/.cache/crayon`.
 */
export function pgliteTemplateDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CACHE_HOME || join(homedir(), ".cache"), "crayon");
}

/** The demo agent's threads: see {@link openDemoThreads}. */
export type DemoThreads = {
  store: ThreadStore;
  /**
   * Settles once the schema is there and, on a PGlite directory, the replies a previous run was
   * cut off in are marked interrupted. Never rejects: a database that is down is logged (once)
   * and tried again by the next request, which then answers 503 while it stays down.
   */
  started: Promise<void>;
};

/**
 * The thread store of `@crayonai/server` where the options say: on `database`, else on the
 * Postgres server at `databaseUrl` (shared by every instance given it), else on PGlite in
 * `dataDir`, else on PGlite in memory. Opening starts at once, in the background: the first requests wait for it.
 */
export function openDemoThreads(
  options: Pick<ResolvedDemoAgentOptions, "databaseUrl" | "dataDir" | "database">,
): DemoThreads {
  const { databaseUrl, dataDir } = options;
  const db =
    options.database ??
    (databaseUrl
      ? postgresDatabase({ connectionString: databaseUrl })
      : pgliteDatabase({ ...(dataDir && { dataDir }), templateDir: pgliteTemplateDir() }));
  const store = createThreadStore({ db });
  const started = (async () => {
    await store.ready();
    // A PGlite directory is this process's alone: a reply still `streaming` in it was being
    // generated when the previous process ended (killed, crashed). On a shared Postgres another
    // instance may still be generating it: those are marked when a resume finds none running.
    if (!options.database && !databaseUrl && dataDir) await store.interruptReplies(DEMO_USER);
  })().catch((error) => {
    // The store has logged an unavailable database; anything else is said here.
    if (!(error instanceof DatabaseUnavailableError))
      console.error("The demo agent could not open its thread database:", error);
  });
  return { store, started };
}
