import type { ToolCall, ToolMessage } from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import { parseToolArgs, toolCallStatus, toolResultValue } from "./toolCallStatus";

describe("parseToolArgs", () => {
  it.each([
    ['{"city":"Par', { city: "Par" }, false],
    ['{"city":"Paris","days":[1,2', { city: "Paris", days: [1, 2] }, false],
    ['{"city":"Paris"}', { city: "Paris" }, true],
    ["", undefined, false],
    ["nope", undefined, false],
  ])("reads %j as %j (complete: %s)", (text, args, complete) => {
    expect(parseToolArgs(text)).toEqual({ args, complete });
  });
});

describe("toolResultValue", () => {
  const result = (content: ToolMessage["content"]) =>
    ({ id: "r", role: "tool", toolCallId: "c", content }) as ToolMessage;

  it("parses JSON text and keeps other text as it is", () => {
    expect(toolResultValue(result('{"temperature":21}'))).toEqual({ temperature: 21 });
    expect(toolResultValue(result("sunny"))).toBe("sunny");
  });
});

describe("toolCallStatus", () => {
  const call = (metadata?: Record<string, unknown>) =>
    ({ id: "c", type: "function", function: { name: "t", arguments: "{}" }, metadata }) as ToolCall;
  const ok = { id: "r", role: "tool", toolCallId: "c", content: "ok" } as ToolMessage;
  const failed = { ...ok, error: "boom" };

  it.each([
    ["streaming-args", call(), undefined, "streaming", false],
    ["running", call(), undefined, "streaming", true],
    ["awaiting-result", call(), undefined, "complete", true],
    ["awaiting-approval", call({ approvalId: "a" }), undefined, "awaiting_input", true],
    ["approved", call({ approvalId: "a", approved: true }), undefined, "streaming", true],
    ["rejected", call({ approvalId: "a", approved: false }), failed, "complete", true],
    ["complete", call(), ok, "complete", true],
    ["error", call(), failed, "complete", true],
    ["incomplete", call(), undefined, "stopped", true],
    ["incomplete", call(), undefined, "error", false],
  ] as const)("is %s", (expected, toolCall, result, replyStatus, argsComplete) => {
    expect(toolCallStatus(toolCall, result, replyStatus, argsComplete)).toBe(expected);
  });
});
