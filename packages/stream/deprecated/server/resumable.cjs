"use strict";
// Deprecated: `@crayonai/stream/server/resumable` re-exports the resumable replies kit, which
// moved to `@crayonai/server/resumable`, until `@crayonai/stream` 0.9 (see the declarations
// beside this file).
const moved = require("@crayonai/server/resumable");

exports.createResumableReplies = moved.createResumableReplies;
exports.inProcessReplyStore = moved.inProcessReplyStore;
exports.redisReplyStore = moved.redisReplyStore;
