// Deprecated: `@crayonai/stream/server/resumable` re-exports the resumable replies kit, which
// moved to `@crayonai/server/resumable`, until `@crayonai/stream` 0.9 (see the declarations
// beside this file).
export {
  createResumableReplies,
  inProcessReplyStore,
  redisReplyStore,
} from "@crayonai/server/resumable";
