import type { Message } from "@crayonai/stream";
import { type OpenAIChatMessage, openAIMessageConverter } from "@crayonai/stream/converters/openai";
import { describe, expect, it } from "vitest";
import { mergeWithStored } from "./mergeWithStored";

const converter = openAIMessageConverter({ generateId: (_m, index) => `read-${index}` });

// What the server saved: more than OpenAI messages carry (reasoning, statuses, ids).
const stored: Message[] = [
  { id: "u1", role: "user", content: "/reason" },
  { id: "r1", role: "reasoning", content: "Thinking." },
  { id: "a1", role: "assistant", content: "22 weekdays.", status: "stopped" },
];

describe("mergeWithStored", () => {
  it("keeps the stored messages the request repeats, and reads what it adds", () => {
    const sent: OpenAIChatMessage[] = [
      ...converter.toExternal(stored),
      { role: "user", content: "Thanks" },
    ];
    expect(mergeWithStored(stored, sent, converter)).toEqual([
      ...stored,
      { id: "read-0", role: "user", content: "Thanks" },
    ]);
  });

  it("keeps only what still matches when the request differs (an edit, a regenerate)", () => {
    const sent: OpenAIChatMessage[] = [{ role: "user", content: "/reason" }];
    expect(mergeWithStored(stored, sent, converter)).toEqual([stored[0]]);
    const edited: OpenAIChatMessage[] = [{ role: "user", content: "/markdown" }];
    expect(mergeWithStored(stored, edited, converter)).toEqual([
      { id: "read-0", role: "user", content: "/markdown" },
    ]);
  });

  it("reads the whole request when nothing is stored", () => {
    const sent = converter.toExternal(stored);
    expect(mergeWithStored([], sent, converter)).toEqual(converter.fromExternal(sent));
  });

  it("compares messages whatever the order of their keys", () => {
    const sent = converter
      .toExternal(stored)
      .map((message) =>
        Object.fromEntries(Object.entries(message).reverse()),
      ) as OpenAIChatMessage[];
    expect(mergeWithStored(stored, sent, converter)).toEqual(stored);
  });
});
