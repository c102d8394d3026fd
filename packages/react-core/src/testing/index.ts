/**
 * `@crayonai/react-core/testing`: one kit for tests of chats built on Crayon: a reply the test
 * streams by hand (`HeldReply`), complete SSE responses (`sseResponse`), promises settled by
 * hand (`deferred`), a hand-built `ChatManager` (`fakeChat`) and the replay of a reply copied from
 * the inspector (`replayFixture`). Framework-free; works with any
 * test runner.
 *
 * @packageDocumentation
 */

export { type Deferred, deferred, deferredCalls } from "./deferred";
export { fakeChat } from "./fakeChat";
export { HeldReply, sseBody, sseResponse, textDeltas } from "./heldReply";
export { type FixtureReplay, type ReplayFixtureOptions, replayFixture } from "./replayFixture";
