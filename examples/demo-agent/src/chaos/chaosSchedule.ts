import type { ChildProcess } from "node:child_process";
import type { RedisServer } from "../../../../packages/server/test/support/redisServer";
import type { Random } from "../../../../packages/stream/bench/random";
import { exited, startCli } from "../cliProcess";

// Test support: demo-agent instances that can be killed and started again on their port, and
// the schedule that does it while conversations run.

/**
 * One demo-agent instance, in a process of its own, always on the same port; `env` names the
 * stores it shares with the others (`DATABASE_URL`, `REDIS_URL`).
 */
export class AgentInstance {
  #process: ChildProcess | undefined;

  constructor(
    readonly port: number,
    readonly env: NodeJS.ProcessEnv,
  ) {}

  async start(): Promise<void> {
    this.#process = await startCli(this.port, undefined, [], this.env);
  }

  /** Sends `signal` and waits until the process is gone. */
  async signal(signal: NodeJS.Signals): Promise<void> {
    const running = this.#process;
    if (!running) return;
    this.#process = undefined;
    running.kill(signal);
    await exited(running);
  }
}

/** What the schedule did: how many of each, and when each signal was sent (ms on the clock). */
export type ChaosCounts = {
  kills: number;
  terms: number;
  redisRestarts: number;
  signals: { at: number; signal: NodeJS.Signals }[];
};

/** Options of {@link startChaos}. */
export type ChaosOptions = {
  instances: readonly AgentInstance[];
  redis: RedisServer;
  random: Random;
  /** Conversations started so far: Redis restarts once this passes a (random) mark. */
  progress: () => number;
  /** The mark is drawn between these numbers of conversations started. */
  redisRestartBetween: [number, number];
  /** Each event comes after a pause drawn from this range, in ms. */
  pauseMs: [number, number];
  /** An instance stays down for a time drawn from this range, in ms. */
  downMs: [number, number];
  /** Where each event is written, with the time it happened (in ms on `clock`). */
  log: (line: string) => void;
  clock: () => number;
};

/**
 * Runs until stopped: after each pause, SIGKILLs or SIGTERMs the next instance (they take turns)
 * and starts it again on its port after a while (one instance down at a time, as a rolling crash
 * or deploy leaves the others serving); once, Redis is stopped and started again instead.
 * Every draw comes from `random`, so a seed replays the same schedule. `stop()` waits for the
 * event under way (every instance is up afterwards) and returns the counts.
 */
export function startChaos(options: ChaosOptions): { stop(): Promise<ChaosCounts> } {
  const { instances, redis, random, log } = options;
  const counts: ChaosCounts = { kills: 0, terms: 0, redisRestarts: 0, signals: [] };
  const redisMark = random.int(...options.redisRestartBetween);
  const first = random.int(0, instances.length - 1);
  let stopping = false;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const at = () => `${(options.clock() / 1000).toFixed(2)} s`;

  const run = (async () => {
    for (let event = 0; !stopping; event++) {
      await pause(random.int(...options.pauseMs));
      if (stopping) break;
      if (counts.redisRestarts === 0 && options.progress() >= redisMark) {
        log(`${at()}: Redis stops`);
        await redis.stop();
        await new Promise((resolve) => setTimeout(resolve, random.int(200, 1000)));
        await redis.restart();
        counts.redisRestarts++;
        log(`${at()}: Redis is back`);
        continue;
      }
      // Both kinds happen: the first two events are one of each.
      const kind =
        event === 0
          ? random.pick(["SIGKILL", "SIGTERM"] as const)
          : counts.kills === 0
            ? "SIGKILL"
            : counts.terms === 0
              ? "SIGTERM"
              : random.pick(["SIGKILL", "SIGTERM"] as const);
      // The instances take turns, from one picked at random.
      const target = instances[(first + event) % instances.length]!;
      log(`${at()}: ${kind} to the instance on ${target.port}`);
      counts.signals.push({ at: options.clock(), signal: kind });
      await target.signal(kind);
      if (kind === "SIGKILL") counts.kills++;
      else counts.terms++;
      await new Promise((resolve) => setTimeout(resolve, random.int(...options.downMs)));
      await target.start();
      log(`${at()}: the instance on ${target.port} is back`);
    }
  })();
  // Reported by `stop()`.
  run.catch(() => {});

  return {
    async stop() {
      stopping = true;
      wake?.();
      await run;
      return counts;
    },
  };
}
