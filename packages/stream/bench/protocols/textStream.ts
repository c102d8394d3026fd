import { loadSource } from "../loadSource";
import { agentSteps } from "../script";
import { adapterFrom, type ProtocolBench, wireBuilder } from "./types";

/** A plain `text/plain` body: the answer's text deltas, concatenated (`toTextStreamResponse()`). */
function generate(minBytes: number) {
  const out = wireBuilder();
  for (const steps of agentSteps()) {
    for (const step of steps) {
      if (step.kind !== "text-delta") continue;
      out.sentText(step.text);
      out.frame(step.text);
    }
    if (out.length >= minBytes) break;
  }
  return out.done();
}

/** The floor for a body that is all text: read and decode, one item per chunk, nothing else. */
function decodedChunks(response: Response): AsyncIterable<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let finished = false;
  const next = async (): Promise<IteratorResult<string>> => {
    while (!finished) {
      const { done, value } = await reader.read();
      const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      finished = done;
      if (text) return { value: text, done: false };
    }
    return { value: undefined, done: true };
  };
  return { [Symbol.asyncIterator]: () => ({ next }) };
}

export const textStreamBench: ProtocolBench = {
  name: "text",
  adapterName: "textStreamAdapter",
  headers: { "content-type": "text/plain; charset=utf-8" },
  generate,
  isJSON: () => false,
  loadAdapter: async () =>
    adapterFrom(await loadSource("src/adapters/text/index.ts"), "textStreamAdapter"),
  peers: [],
  floor: async (response) => {
    let count = 0;
    for await (const _text of decodedChunks(response)) count++;
    return count;
  },
};
