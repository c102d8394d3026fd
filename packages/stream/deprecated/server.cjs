"use strict";
// Deprecated: `@crayonai/stream/server` re-exports the Crayon SSE encoder, which moved to
// `@crayonai/server/sse`, until `@crayonai/stream` 0.9 (see the declarations beside this file).
const moved = require("@crayonai/server/sse");

exports.crayonSSEResponse = moved.crayonSSEResponse;
exports.crayonSSEStream = moved.crayonSSEStream;
exports.encodeCrayonEvent = moved.encodeCrayonEvent;
