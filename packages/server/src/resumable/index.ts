/**
 * `@crayonai/server/resumable`: replies that survive their readers (reloads, dropped networks,
 * other tabs, other instances), with Stop as an explicit request. Server-only (Node 20+, Deno,
 * Bun). It loads no database driver, and `redis` only once a `redisReplyStore` connects.
 *
 * @packageDocumentation
 */
export { StoreUnavailableError } from "./guardedStore";
export { inProcessReplyStore } from "./inProcessReplyStore";
export { type RedisReplyStoreOptions, redisReplyStore } from "./redisReplyStore";
export type { ResumeErrorCode } from "./replyResponses";
export type { Publisher, ReplyStore, Subscriber } from "./replyStore";
export {
  createResumableReplies,
  type ProducedText,
  type ResumableReplies,
  type ResumableRepliesOptions,
  type StartReplyOptions,
} from "./resumableReplies";
