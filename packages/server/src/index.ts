/**
 * `@crayonai/server`: the server-only parts of Crayon, each also on a subpath of its own that
 * loads only what it needs:
 *
 * - `@crayonai/server/threads`: a thread store (threads and their message trees, per user) on
 *   PGlite or Postgres, and web-standard route handlers that serve it to react-core's thread
 *   callbacks;
 * - `@crayonai/server/resumable`: replies that survive their readers, with Stop as a request;
 * - `@crayonai/server/sse`: writes the Crayon SSE format (also usable in a browser that fakes a
 *   backend).
 *
 * The root re-exports all three. Loading it loads no database driver (PGlite and `pg` are
 * imported when a database is first used, `redis` when a Redis store connects). Never import
 * the root or `/threads` from browser code.
 *
 * @packageDocumentation
 */

export * from "./resumable";
export * from "./sse/crayonSSEEncoder";
export * from "./threads";
