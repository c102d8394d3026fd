import type { ThreadManager } from "@crayonai/react-core";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { consoleDailyLimit } from "../circuitBreaker";
import { isOverLimit } from "../viewModel/spendByRun";

/** The breaker as the panel shows it. */
export type CircuitBreaker = {
  limitUsd: number;
  setLimit: (usd: number) => void;
  /** Today's spend is over the limit. */
  tripped: boolean;
  /** The breaker stopped a running reply when it tripped. */
  halted: boolean;
};

/**
 * The daily limit and whether today's spend (`todayUsd`) is over it. When a running reply
 * takes the spend over (or is running when the page finds it over), the reply is stopped: the
 * agent is halted, and `onHalt` is told.
 */
export function useCircuitBreaker(
  thread: Pick<ThreadManager, "isRunning" | "stop">,
  todayUsd: number,
  onHalt?: () => void,
): CircuitBreaker {
  const limitUsd = useSyncExternalStore(consoleDailyLimit.subscribe, consoleDailyLimit.get);
  const tripped = isOverLimit(todayUsd, limitUsd);
  const [halted, setHalted] = useState(false);
  const { isRunning, stop } = thread;
  // Read when the breaker trips, so new callbacks each render do not re-run the effect.
  const latest = useRef({ isRunning, stop, onHalt });
  latest.current = { isRunning, stop, onHalt };
  // Only the run that takes the spend over is stopped here: a request made while the breaker
  // is tripped never reaches the agent (`withCircuitBreaker`), and the chat says why.
  useEffect(() => {
    if (!tripped) {
      setHalted(false);
      return;
    }
    const { isRunning: running, stop: stopReply, onHalt: halt } = latest.current;
    if (!running) return;
    setHalted(true);
    halt?.();
    stopReply();
  }, [tripped]);
  return { limitUsd, setLimit: consoleDailyLimit.set, tripped, halted };
}
