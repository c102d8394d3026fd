import { loadSource } from "../loadSource";
import { agentSteps } from "../script";
import { adapterFrom, type ProtocolBench, wireBuilder } from "./types";

/**
 * Plain-text SSE: each event's data is a chunk of the answer. Line breaks inside a chunk become
 * several `data:` lines (SSE joins them with `\n`); every line is written as `data: <line>`, so
 * a chunk's own leading space survives the one space SSE strips. Ends with `data: [DONE]`.
 */
function generate(minBytes: number) {
  const out = wireBuilder();
  for (const steps of agentSteps()) {
    for (const step of steps) {
      if (step.kind !== "text-delta") continue;
      out.sentText(step.text);
      out.frame(`data: ${step.text.split("\n").join("\ndata: ")}\n\n`);
    }
    if (out.length >= minBytes) break;
  }
  out.frame("data: [DONE]\n\n");
  return out.done();
}

export const plainTextSSEBench: ProtocolBench = {
  name: "plain-text",
  adapterName: "plainTextSSEAdapter",
  headers: { "content-type": "text/event-stream" },
  generate,
  isJSON: () => false,
  loadAdapter: async () =>
    adapterFrom(await loadSource("src/adapters/plain-text/index.ts"), "plainTextSSEAdapter"),
  peers: [],
};
