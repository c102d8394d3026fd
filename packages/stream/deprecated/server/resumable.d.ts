/**
 * Deprecated: the resumable replies kit moved to `@crayonai/server/resumable`.
 * `@crayonai/stream/server/resumable` re-exports it until `@crayonai/stream` 0.9, which removes
 * this subpath, and needs `@crayonai/server` installed (an optional peer dependency, so that
 * browser apps never install a database driver). Change `from "@crayonai/stream/server/resumable"`
 * to `from "@crayonai/server/resumable"`.
 *
 * @packageDocumentation
 */
import type * as resumable from "@crayonai/server/resumable";

/**
 * @deprecated Moved: `import { createResumableReplies } from "@crayonai/server/resumable"`.
 * `@crayonai/stream/server/resumable` goes in 0.9.
 */
export declare const createResumableReplies: typeof resumable.createResumableReplies;

/**
 * @deprecated Moved: `import { inProcessReplyStore } from "@crayonai/server/resumable"`.
 * `@crayonai/stream/server/resumable` goes in 0.9.
 */
export declare const inProcessReplyStore: typeof resumable.inProcessReplyStore;

/**
 * @deprecated Moved: `import { redisReplyStore } from "@crayonai/server/resumable"`.
 * `@crayonai/stream/server/resumable` goes in 0.9.
 */
export declare const redisReplyStore: typeof resumable.redisReplyStore;

/**
 * @deprecated Moved: `import type { Publisher } from "@crayonai/server/resumable"`.
 * `@crayonai/stream/server/resumable` goes in 0.9.
 */
export type Publisher = resumable.Publisher;

/**
 * @deprecated Moved: `import type { RedisReplyStoreOptions } from "@crayonai/server/resumable"`.
 * `@crayonai/stream/server/resumable` goes in 0.9.
 */
export type RedisReplyStoreOptions = resumable.RedisReplyStoreOptions;

/**
 * @deprecated Moved: `import type { ReplyStore } from "@crayonai/server/resumable"`.
 * `@crayonai/stream/server/resumable` goes in 0.9.
 */
export type ReplyStore = resumable.ReplyStore;

/**
 * @deprecated Moved: `import type { ResumableReplies } from "@crayonai/server/resumable"`.
 * `@crayonai/stream/server/resumable` goes in 0.9.
 */
export type ResumableReplies = resumable.ResumableReplies;

/**
 * @deprecated Moved: `import type { ResumableRepliesOptions } from "@crayonai/server/resumable"`.
 * `@crayonai/stream/server/resumable` goes in 0.9.
 */
export type ResumableRepliesOptions = resumable.ResumableRepliesOptions;

/**
 * @deprecated Moved: `import type { ResumeErrorCode } from "@crayonai/server/resumable"`.
 * `@crayonai/stream/server/resumable` goes in 0.9.
 */
export type ResumeErrorCode = resumable.ResumeErrorCode;

/**
 * @deprecated Moved: `import type { StartReplyOptions } from "@crayonai/server/resumable"`.
 * `@crayonai/stream/server/resumable` goes in 0.9.
 */
export type StartReplyOptions = resumable.StartReplyOptions;

/**
 * @deprecated Moved: `import type { Subscriber } from "@crayonai/server/resumable"`.
 * `@crayonai/stream/server/resumable` goes in 0.9.
 */
export type Subscriber = resumable.Subscriber;
