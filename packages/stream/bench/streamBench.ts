import type { CrayonStreamEvent } from "../src/events";
import { chunkedResponse, networkChunks } from "./chunkedBody";
import { floorEvents } from "./floorParser";
import { medians } from "./measure";
import type { ProtocolBench, WireStream } from "./protocols/types";

export type StreamResult = {
  protocol: string;
  adapterName: string;
  /** Undefined when the adapter is still a placeholder. */
  adapter?: Throughput;
  floor: Throughput;
  peers: Array<Throughput & { name: string }>;
  bytes: number;
  frames: number;
  chunks: number;
  /** Problems the adapter showed on the generated stream (errors, lost text). */
  warnings: string[];
};

/** Median time of one whole-stream parse and what it means per second. */
export type Throughput = { ms: number; mbPerSecond: number; eventsPerSecond: number };

const throughput = (ms: number, wire: WireStream): Throughput => ({
  ms,
  mbPerSecond: wire.bytes.length / 1e6 / (ms / 1000),
  eventsPerSecond: wire.frames / (ms / 1000),
});

async function countEvents(events: AsyncIterable<unknown>): Promise<number> {
  let count = 0;
  for await (const _event of events) count++;
  return count;
}

/** One untimed pass that checks the adapter decoded the generated stream without loss. */
async function check(
  events: AsyncIterable<CrayonStreamEvent>,
  wire: WireStream,
): Promise<string[]> {
  let textLength = 0;
  const errors = new Map<string, number>();
  for await (const event of events) {
    if (event.type === "text-delta") textLength += event.text.length;
    else if (event.type === "error") {
      const key = `${event.code}: ${event.error.slice(0, 80)}`;
      errors.set(key, (errors.get(key) ?? 0) + 1);
    }
  }
  const warnings = [...errors].map(([error, count]) => `${count}× error event (${error})`);
  if (textLength !== wire.textLength) {
    warnings.push(`text length ${textLength}, expected ${wire.textLength}`);
  }
  return warnings;
}

export async function benchProtocol(
  protocol: ProtocolBench,
  options: { minBytes: number; warmup: number; runs: number },
): Promise<StreamResult> {
  const wire = await protocol.generate(options.minBytes);
  const chunks = networkChunks(wire.bytes);
  const response = () => chunkedResponse(chunks, protocol.headers);
  const warnings: string[] = [];
  const adapter = await protocol.loadAdapter().catch((error: unknown) => {
    warnings.push(`adapter did not load: ${error instanceof Error ? error.message : error}`);
    return undefined;
  });

  const floor = protocol.floor ?? ((r: Response) => countEvents(floorEvents(r, protocol.isJSON)));
  const tasks: Array<() => Promise<unknown>> = [() => floor(response())];
  for (const peer of protocol.peers) tasks.push(() => peer.consume(response()));
  if (adapter) {
    warnings.push(...(await check(adapter.parse(response()), wire)));
    tasks.push(() => countEvents(adapter.parse(response())));
  }

  const times = await medians(tasks, options);
  return {
    protocol: protocol.name,
    adapterName: protocol.adapterName,
    floor: throughput(times[0]!, wire),
    peers: protocol.peers.map((peer, i) => ({
      name: peer.name,
      ...throughput(times[i + 1]!, wire),
    })),
    adapter: adapter ? throughput(times[times.length - 1]!, wire) : undefined,
    bytes: wire.bytes.length,
    frames: wire.frames,
    chunks: chunks.length,
    warnings,
  };
}
