import { createRequire } from "node:module";
import { type AbstractAgent, defaultApplyEvents } from "@ag-ui/client";
import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { readUIMessageStream, type UIMessageChunk } from "ai";
import type { createMessageAccumulator as CreateMessageAccumulator } from "../src/accumulator/messageAccumulator";
import type { Message } from "../src/message";
import {
  agUIEvents,
  crayonEvents,
  history,
  uiMessageChunks,
  type Workload,
} from "./accumulatorWorkloads";
import { loadSource } from "./loadSource";
import { median, medians, timed } from "./measure";

/** Time of one library at two sizes, `large` = 2 × `small`. */
export type Scaling = {
  small: number;
  large: number;
  smallMs: number;
  largeMs: number;
  /** True when the sizes were lowered to keep the run short; `estimateMs` extrapolates. */
  capped: boolean;
  /** The time at the requested large size, extrapolated (capped only). */
  estimateMs?: number;
  /** k in time ∝ size^k between the two sizes measured (capped only). */
  exponent?: number;
};

export type AccumulatorRow = {
  library: string;
  workload: Workload;
  /** Our accumulator (the row the target applies to). */
  ours: boolean;
  scaling: Scaling;
};

export type AccumulatorResult = { rows: AccumulatorRow[]; warnings: string[] };

// Each sample of our accumulator runs the workload this many times; median of OURS_RUNS samples.
const OURS_REPEAT = 5;
const OURS_RUNS = { warmup: 2, runs: 9 };

/** How react-core reads the accumulator: once per animation frame, i.e. every `batch` deltas. */
function runAccumulator(
  create: typeof CreateMessageAccumulator,
  events: ReturnType<typeof crayonEvents>,
  batch: number,
): Message[] {
  const accumulator = create({ messages: history });
  let pending = 0;
  for (const event of events) {
    accumulator.apply(event);
    if (++pending === batch) {
      accumulator.getMessages();
      pending = 0;
    }
  }
  accumulator.finish();
  return accumulator.getMessages();
}

async function runVercel(chunks: UIMessageChunk[]): Promise<number> {
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  let snapshots = 0;
  for await (const _message of readUIMessageStream({ stream })) snapshots++;
  return snapshots;
}

// rxjs is @ag-ui/client's dependency, not ours: load the copy it uses.
const rxjs = createRequire(createRequire(import.meta.url).resolve("@ag-ui/client"))("rxjs") as {
  from<T>(items: T[]): Parameters<typeof defaultApplyEvents>[1];
};

function runAgUI(events: BaseEvent[]): Promise<number> {
  const input: RunAgentInput = {
    threadId: "thread_1",
    runId: "run_1",
    state: {},
    messages: [],
    tools: [],
    context: [],
    forwardedProps: {},
  };
  // defaultApplyEvents reads only `messages` from the agent (and hands it to subscribers).
  const agent = { messages: structuredClone(history) } as unknown as AbstractAgent;
  return new Promise((resolve, reject) => {
    let mutations = 0;
    defaultApplyEvents(input, rxjs.from(events), agent, []).subscribe({
      next: () => {
        mutations++;
      },
      error: reject,
      complete: () => resolve(mutations),
    });
  });
}

/** Median of a few runs for quick tasks, a single run for slow ones. */
async function timeAdaptive(task: () => Promise<unknown>): Promise<number> {
  const first = (await timed(task)).ms;
  const extra = first < 300 ? 4 : first < 1500 ? 2 : 0;
  const samples = [first];
  for (let i = 0; i < extra; i++) samples.push((await timed(task)).ms);
  return median(samples);
}

/**
 * Measures a peer at `small` and `large` (= 2 × small), climbing a ladder of doubling sizes from
 * large / 32. When the next size is predicted to take longer than `capMs`, it stops and reports
 * the top two sizes measured, with `large` extrapolated from their growth.
 */
async function scalePeer(
  prepare: (size: number) => () => Promise<unknown>,
  small: number,
  large: number,
  capMs: number,
): Promise<Scaling> {
  const ladder: number[] = [];
  for (let size = large / 32; size <= large; size *= 2) ladder.push(size);
  const times = new Map<number, number>();
  await prepare(ladder[0]!)(); // warm-up
  for (const [i, size] of ladder.entries()) {
    const previous = i > 0 ? times.get(ladder[i - 1]!) : undefined;
    const beforePrevious = i > 1 ? times.get(ladder[i - 2]!) : undefined;
    if (previous !== undefined && i > 1) {
      const growth = beforePrevious ? Math.max(2, previous / beforePrevious) : 4;
      if (previous * growth > capMs) break;
    }
    times.set(size, await timeAdaptive(prepare(size)));
  }
  const measured = [...times.keys()];
  const top = measured[measured.length - 1]!;
  const bottom = measured[measured.length - 2] ?? top;
  const scaling: Scaling = {
    small: top === large ? small : bottom,
    large: top,
    smallMs: times.get(top === large ? small : bottom)!,
    largeMs: times.get(top)!,
    capped: top !== large,
  };
  if (scaling.capped) {
    // time ∝ size^k between the two largest sizes (where the super-linear part dominates most),
    // carried on to the requested size.
    const k = Math.log2(scaling.largeMs / scaling.smallMs);
    scaling.exponent = k;
    scaling.estimateMs = scaling.largeMs * (large / top) ** k;
  }
  return scaling;
}

export async function benchAccumulator(options: {
  small: number;
  large: number;
  peerCapMs: number;
}): Promise<AccumulatorResult> {
  const { small, large, peerCapMs } = options;
  const rows: AccumulatorRow[] = [];
  const warnings: string[] = [];
  const module = await loadSource("src/accumulator/messageAccumulator.ts").catch(
    (error: unknown) => {
      warnings.push(`accumulator did not load: ${error instanceof Error ? error.message : error}`);
      return {} as Record<string, unknown>;
    },
  );
  const create = module.createMessageAccumulator as typeof CreateMessageAccumulator | undefined;
  if (typeof create !== "function")
    warnings.push("createMessageAccumulator is still a placeholder");

  for (const workload of ["text", "tools"] as const) {
    if (typeof create === "function") {
      const smallEvents = crayonEvents(workload, small);
      const largeEvents = crayonEvents(workload, large);
      for (const batch of [100, 1]) {
        // One run takes milliseconds: each sample repeats it, so that timer and GC noise
        // average out, and reports the time of one.
        const repeat = (events: typeof smallEvents) => async () => {
          for (let i = 0; i < OURS_REPEAT; i++) runAccumulator(create, events, batch);
        };
        const [smallMs, largeMs] = (
          await medians([repeat(smallEvents), repeat(largeEvents)], OURS_RUNS)
        ).map((ms) => ms / OURS_REPEAT);
        rows.push({
          library: `createMessageAccumulator, getMessages() per ${batch === 1 ? "delta" : `${batch} deltas`}`,
          workload,
          ours: true,
          scaling: { small, large, smallMs: smallMs!, largeMs: largeMs!, capped: false },
        });
      }
    }
    rows.push({
      library: "ai readUIMessageStream",
      workload,
      ours: false,
      scaling: await scalePeer(
        (size) => {
          const chunks = uiMessageChunks(workload, size);
          return () => runVercel(chunks);
        },
        small,
        large,
        peerCapMs,
      ),
    });
    rows.push({
      library: "@ag-ui/client defaultApplyEvents",
      workload,
      ours: false,
      scaling: await scalePeer(
        (size) => {
          const events = agUIEvents(workload, size);
          return () => runAgUI(events);
        },
        small,
        large,
        peerCapMs,
      ),
    });
  }
  return { rows, warnings };
}
