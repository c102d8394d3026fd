/**
 * `@crayonai/server/threads`: a thread store (threads and their message trees, per user) on
 * PGlite or Postgres with one SQL dialect, and web-standard route handlers that serve it to
 * react-core's thread callbacks. PGlite and `pg` are imported when a database is first used,
 * so loading this entry loads neither.
 *
 * @packageDocumentation
 */

export { activeBranch } from "./activeBranch";
export {
  classifyDatabaseError,
  DatabaseUnavailableError,
  isConnectionFailure,
} from "./databaseUnavailableError";
export { InvalidCursorError } from "./invalidCursorError";
export type { RouteError } from "./jsonResponses";
export {
  PGLITE_TEMPLATE_FILE,
  type PgliteDatabaseOptions,
  pgliteDatabase,
} from "./pgliteDatabase";
export { type PostgresDatabaseOptions, postgresDatabase } from "./postgresDatabase";
export type { SqlDatabase, SqlExecutor, SqlRow } from "./sqlDatabase";
export { ID_LIMIT, TITLE_LIMIT } from "./stringLimits";
export {
  DEFAULT_MAX_MESSAGE_BYTES,
  type ThreadRoutesOptions,
  type ThreadUser,
  threadRoutes,
} from "./threadRoutes";
export { MESSAGES_TABLE, MIGRATIONS, migrate, THREADS_TABLE } from "./threadSchema";
export {
  createThreadStore,
  DEFAULT_PAGE_SIZE,
  INTERRUPTED_REPLY_ERROR,
  MAX_PAGE_SIZE,
  type ThreadStore,
  type ThreadStoreOptions,
} from "./threadStore";
export { MAX_TITLE_LENGTH, threadTitle } from "./threadTitle";
export type {
  NewThread,
  StoredRowError,
  StoredThread,
  StoredThreadTree,
  ThreadPage,
} from "./threadTypes";
