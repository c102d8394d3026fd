import { describe, expect, expectTypeOf, it } from "vitest";
import type { MessageFormatConverter } from "../../converter";
import type { Message } from "../../message";
import { identityConverter } from "./identityConverter";

const thread: Message[] = [
  { id: "1", role: "system", content: "Be brief." },
  { id: "2", role: "user", content: "Hi", context: [{ page: "/" }], isVisuallyHidden: true },
  { id: "3", role: "reasoning", content: "…", isThinking: false },
  { id: "4", role: "assistant", content: "Hello", status: "complete" },
  { id: "5", role: "activity", activityType: "PLAN", content: { steps: [] } },
];

describe("identityConverter", () => {
  it("passes messages through in both directions as the same references", () => {
    const converter = identityConverter();
    expect(converter.toExternal(thread)).toBe(thread);
    expect(converter.fromExternal(thread)).toBe(thread);
    const [first] = converter.fromExternal(converter.toExternal(thread));
    expect(first).toBe(thread[0]);
  });

  it("keeps every role and Crayon-only field", () => {
    expect(identityConverter().toExternal(structuredClone(thread))).toStrictEqual(thread);
  });

  it("handles an empty thread", () => {
    expect(identityConverter().toExternal([])).toEqual([]);
    expect(identityConverter().fromExternal([])).toEqual([]);
  });

  it("is a MessageFormatConverter of Crayon messages", () => {
    expectTypeOf(identityConverter()).toEqualTypeOf<MessageFormatConverter<Message>>();
  });
});
