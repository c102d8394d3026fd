import type { Contender } from "./scenarios";

/** `--contender`: both contenders unless one is named. */
export function contendersOf(value: string | undefined): Contender[] {
  if (value === undefined) return ["crayon", "peer"];
  if (value === "crayon" || value === "peer") return [value];
  throw new Error(`--contender must be crayon or peer, not ${value}`);
}

/** `--runs`: a whole number of runs, or undefined when not given. */
export function runsOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const runs = Number(value);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number ≥ 1`);
  return runs;
}

/** `--timeout`: seconds, returned in ms. */
export function timeoutOf(value: string): number {
  const seconds = Number(value);
  if (!(seconds > 0)) throw new Error(`--timeout must be a number of seconds > 0, not ${value}`);
  return seconds * 1000;
}
