/**
 * `@crayonai/server`: the server-only parts of Crayon. A thread store (threads and their
 * message trees, per user) on PGlite or Postgres with one SQL dialect, and web-standard route
 * handlers that serve it to react-core's thread callbacks. Never import it from browser code.
 *
 * @packageDocumentation
 */

export {
  classifyDatabaseError,
  DatabaseUnavailableError,
  isConnectionFailure,
} from "./threads/databaseUnavailableError";
export { InvalidCursorError } from "./threads/invalidCursorError";
export type { RouteError } from "./threads/jsonResponses";
export { type PgliteDatabaseOptions, pgliteDatabase } from "./threads/pgliteDatabase";
export { type PostgresDatabaseOptions, postgresDatabase } from "./threads/postgresDatabase";
export type { SqlDatabase, SqlExecutor, SqlRow } from "./threads/sqlDatabase";
export { ID_LIMIT, TITLE_LIMIT } from "./threads/stringLimits";
export {
  DEFAULT_MAX_MESSAGE_BYTES,
  type ThreadRoutesOptions,
  type ThreadUser,
  threadRoutes,
} from "./threads/threadRoutes";
export { MESSAGES_TABLE, MIGRATIONS, migrate, THREADS_TABLE } from "./threads/threadSchema";
export {
  createThreadStore,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type ThreadStore,
  type ThreadStoreOptions,
} from "./threads/threadStore";
export { MAX_TITLE_LENGTH, threadTitle } from "./threads/threadTitle";
export type {
  NewThread,
  StoredRowError,
  StoredThread,
  StoredThreadTree,
  ThreadPage,
} from "./threads/threadTypes";
