import type { ChatDebugEvent } from "@crayonai/react-core";
import { describe, expect, it } from "vitest";
import { countOf, rowsOf } from "./EventRows";
import type { InspectedReply } from "./inspectorLog";

/** A reply of `frames` SSE frames, each with the event it became. */
function replyOf(frames: number, outcome?: string): InspectedReply {
  const base = { replyId: "r1", threadId: "t1" };
  const events: ChatDebugEvent[] = [];
  for (let i = 0; i < frames; i++) {
    events.push({ ...base, at: i, type: "wire", frame: { kind: "sse", data: `frame ${i}` } });
    events.push({
      ...base,
      at: i,
      type: "event",
      event: { type: "text-delta", messageId: "a1", text: `token ${i}` },
    });
  }
  return { ...base, startedAt: 0, events, ...(outcome && { outcome }) };
}

const dataOf = (rows: { data: string }[]) => rows.map((row) => row.data);

describe("the rows of the inspector's lists", () => {
  it("shows the newest 20 of each list, oldest first", () => {
    const reply = replyOf(1000);
    const wire = rowsOf(reply, "wire", "");
    expect(wire).toHaveLength(20);
    expect(dataOf(wire).at(0)).toBe("frame 980");
    expect(dataOf(wire).at(-1)).toBe("frame 999");
    expect(rowsOf(reply, "event", "")).toHaveLength(20);
    expect(countOf(reply, "wire")).toBe(1000);
  });

  it("shows as many of the newest as asked", () => {
    const wire = rowsOf(replyOf(1000, "complete"), "wire", "", 200);
    expect(wire).toHaveLength(200);
    expect(dataOf(wire).at(0)).toBe("frame 800");
  });

  it("finds an older row by search, past the rows shown", () => {
    const found = rowsOf(replyOf(1000, "complete"), "event", '"token 7"');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ name: "text-delta", key: 15 });
  });
});
