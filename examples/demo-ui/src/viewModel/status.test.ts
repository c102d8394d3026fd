import type { ToolCallStatus } from "@crayonai/react-ui";
import { describe, expect, it } from "vitest";
import { type DemoStatus, liveToolStatus, STATUS_VIEWS, statusView } from "./status";

/** Every tool-call status react-ui has; the type check below fails when one is added. */
const TOOL_CALL_STATUSES = [
  "streaming-args",
  "running",
  "awaiting-result",
  "awaiting-approval",
  "approved",
  "rejected",
  "complete",
  "error",
  "incomplete",
] as const satisfies readonly ToolCallStatus[];
const coversEveryToolStatus: [
  Exclude<ToolCallStatus, (typeof TOOL_CALL_STATUSES)[number]>,
] extends [never]
  ? true
  : false = true;

describe("status labels", () => {
  it("give every status of a card, tool calls included, words for people", () => {
    expect(coversEveryToolStatus).toBe(true);
    const statuses = [...TOOL_CALL_STATUSES, ...Object.keys(STATUS_VIEWS)] as DemoStatus[];
    for (const status of statuses) {
      const { label } = statusView(status);
      expect(label, status).toMatch(/^[A-Z][a-z]+( [a-z]+)*$/);
    }
    expect(statusView("awaiting-result").label).toBe("Running");
    expect(statusView("incomplete").label).toBe("Stopped");
    expect(statusView("cancelled").label).toBe("Not run");
  });

  it("turns a status it does not know into words rather than showing it raw", () => {
    expect(statusView("needs-review")).toEqual({ label: "Needs review", tone: "neutral" });
    expect(statusView("")).toEqual({ label: "Unknown", tone: "neutral" });
  });

  it("shows a server tool call still in flight as stopped once no reply streams", () => {
    expect(liveToolStatus("awaiting-result", true)).toBe("awaiting-result");
    expect(liveToolStatus("awaiting-result", false)).toBe("incomplete");
    expect(liveToolStatus("approved", false)).toBe("incomplete");
    // Waiting for the user is not cut short by the reply having ended.
    expect(liveToolStatus("awaiting-approval", false)).toBe("awaiting-approval");
    expect(liveToolStatus("complete", false)).toBe("complete");
  });
});
