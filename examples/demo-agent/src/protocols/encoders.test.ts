import type { ActivityMessage, CrayonStreamEvent, ToolMessage } from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import { decodeReply } from "../testSupport/decodedReply";
import { protocolEncoders } from "./encoders";
import { plainTextFrame } from "./plainTextEncoder";

async function* from(events: CrayonStreamEvent[]): AsyncGenerator<CrayonStreamEvent> {
  yield* events;
}

const run = { threadId: "thread-1", runId: "run-1" };

// A script may leave out everything optional: no run events, no message ids, no activity id.
const minimal: CrayonStreamEvent[] = [
  { type: "text-delta", text: "Checking" },
  { type: "text-delta", text: " now." },
  { type: "tool-call-start", toolCallId: "call-1", toolCallName: "lookup" },
  { type: "tool-call-args", toolCallId: "call-1", delta: '{"q":' },
  { type: "tool-call-args", toolCallId: "call-1", delta: '"x"}' },
  { type: "tool-call-end", toolCallId: "call-1" },
  { type: "tool-call-result", toolCallId: "call-1", content: "found" },
  { type: "activity-snapshot", activityType: "progress", content: { percent: 0 } },
  { type: "activity-delta", activityType: "progress", content: { percent: 50 } },
  {
    type: "activity-delta",
    activityType: "progress",
    patch: [{ op: "add", path: "/label", value: "Halfway" }],
  },
  { type: "text-delta", text: "Done." },
];

describe.each(["crayon", "ag-ui", "vercel"] as const)("the %s encoder", (protocol) => {
  it("fills in what the protocol requires for events without ids", async () => {
    const response = protocolEncoders[protocol](from(minimal), run);
    const { messages, events } = await decodeReply(protocol, response, []);
    expect(events.filter((e) => e.type === "error")).toEqual([]);
    expect(messages.map((m) => m.role)).toEqual(["assistant", "tool", "activity", "assistant"]);
    expect(messages[0]).toMatchObject({ content: "Checking now.", status: "complete" });
    expect(messages[0]).toMatchObject({
      toolCalls: [{ id: "call-1", function: { name: "lookup", arguments: '{"q":"x"}' } }],
    });
    expect((messages[1] as ToolMessage).content).toBe("found");
    expect((messages[2] as ActivityMessage).content).toEqual({ percent: 50, label: "Halfway" });
    expect(messages[3]).toMatchObject({ content: "Done.", status: "complete" });
  });
});

describe("the ag-ui encoder", () => {
  it("closes the run once, with RUN_ERROR and no RUN_FINISHED after an error", async () => {
    const response = protocolEncoders["ag-ui"](
      from([
        { type: "run-start", ...run },
        { type: "text-delta", text: "Partial" },
        { type: "error", code: "server_error", error: "Boom" },
        { type: "run-finish", ...run, outcome: "success" },
      ]),
      run,
    );
    const body = await response.text();
    expect(body.match(/"type":"RUN_ERROR"/g)).toHaveLength(1);
    expect(body).not.toContain("RUN_FINISHED");
  });
});

describe("plain-text frames", () => {
  it("keep line breaks and a leading space through SSE", () => {
    expect(plainTextFrame(" a\nb")).toBe("data:  a\ndata: b\n\n");
    expect(plainTextFrame("Boom", "error")).toBe("event: error\ndata: Boom\n\n");
  });
});
