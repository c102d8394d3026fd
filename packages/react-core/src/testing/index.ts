/**
 * `@crayonai/react-core/testing`: one kit for tests of chats built on Crayon: a reply the test
 * streams by hand (`HeldReply`), complete SSE responses (`sseResponse`), promises settled by
 * hand (`deferred`) and a hand-built `ChatManager` (`fakeChat`). Framework-free; works with any
 * test runner.
 *
 * @packageDocumentation
 */

export { type Deferred, deferred, deferredCalls } from "./deferred";
export { fakeChat } from "./fakeChat";
export { HeldReply, sseBody, sseResponse, textDeltas } from "./heldReply";
