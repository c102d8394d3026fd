// Jest's jsdom environment has neither the Fetch API nor web streams, which a streamed reply
// travels through. Node has both: this hands Node's to the test, as a test of any fetch-based
// code in jsdom needs. undici (Node's fetch) expects the other globals to be there first.
const { TextDecoder, TextEncoder } = require("node:util");
const { ReadableStream, TransformStream, WritableStream } = require("node:stream/web");
const { Blob, File } = require("node:buffer");
const { MessagePort } = require("node:worker_threads");

Object.assign(globalThis, {
  TextDecoder,
  TextEncoder,
  ReadableStream,
  TransformStream,
  WritableStream,
  Blob,
  File,
  MessagePort,
});

const { Headers, Request, Response } = require("undici");

Object.assign(globalThis, { Headers, Request, Response });
