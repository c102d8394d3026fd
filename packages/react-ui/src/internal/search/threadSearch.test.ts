import type { Message } from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import { messagesMatching, searchableText } from "./threadSearch";

const thread: Message[] = [
  { id: "1", role: "user", content: "Where is the Harbour?" },
  {
    id: "2",
    role: "assistant",
    content: "The **harbour** is [north](https://example.com/harbour-map).",
  },
  { id: "3", role: "user", content: [{ type: "text", text: "And the\nlighthouse?" }] },
  {
    id: "4",
    role: "assistant",
    content: "",
    toolCalls: [
      { id: "c", type: "function", function: { name: "find_lighthouse", arguments: "{}" } },
    ],
  },
];

describe("messagesMatching", () => {
  it("finds the messages whose text has the query, in order, ignoring case", () => {
    expect(messagesMatching(thread, "harbour")).toEqual([0, 1]);
    expect(messagesMatching(thread, "LIGHTHOUSE")).toEqual([2, 3]);
  });

  it("reads a reply as plain text: markup and link targets do not match", () => {
    expect(messagesMatching(thread, "harbour is north")).toEqual([1]);
    expect(messagesMatching(thread, "harbour-map")).toEqual([]);
    expect(messagesMatching(thread, "**")).toEqual([]);
  });

  it("matches across line breaks and runs of spaces, and finds nothing for a blank query", () => {
    expect(messagesMatching(thread, "the  lighthouse")).toEqual([2]);
    expect(messagesMatching(thread, "   ")).toEqual([]);
  });
});

describe("searchableText", () => {
  it("skips malformed content instead of throwing", () => {
    const malformed = [
      { id: "a", role: "user", content: [null, { type: "image" }] },
      { id: "b", role: "assistant", content: 42, toolCalls: "nope" },
      { id: "c", role: "assistant", toolCalls: [null, { function: null }] },
    ] as unknown as Message[];
    expect(malformed.map(searchableText)).toEqual(["", "", ""]);
  });
});
