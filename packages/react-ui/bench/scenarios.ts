/** The two chat UIs measured side by side. */
export type Contender = "crayon" | "peer";

export const CONTENDER_NAMES: Record<Contender, string> = {
  crayon: "CrayonChat",
  peer: "AI SDK useChat",
};

/** One measured situation: a reply, how it arrives, and who renders it. */
export type Scenario = {
  /** Short name for `--scenario` and the JSON. */
  readonly id: string;
  readonly title: string;
  /** `stream`: sent, then streamed back; `history`: the finished reply is loaded. */
  readonly kind: "stream" | "history";
  /** Reply length in characters (the reply is ASCII: bytes too). */
  readonly length: number;
  /** Characters per text delta (one Server-Sent Event each). */
  readonly deltaLength: number;
  /** Events per second; `undefined`: all at once. */
  readonly eventsPerSecond?: number;
  /** For replies measured in tokens (of {@link TOKEN_LENGTH} characters): the count. */
  readonly tokens?: number;
  /**
   * Runs to take the median of, unless `--runs` or `--quick` says otherwise: 3 where a run is
   * short, 1 where a run takes 40 s or more (noise evens out within the run, and three of them
   * would take the bench past ten minutes).
   */
  readonly runs: number;
};

/** Characters per token: about what an LLM tokenizer gives for English text. */
export const TOKEN_LENGTH = 4;
const MiB = 1024 * 1024;

function tokenReply(tokens: number): Scenario {
  return {
    id: `tokens-${tokens / 1000}k`,
    title: `${tokens.toLocaleString("en")} tokens at 200 events/s`,
    kind: "stream",
    length: tokens * TOKEN_LENGTH,
    deltaLength: TOKEN_LENGTH,
    eventsPerSecond: 200,
    tokens,
    // One event per token: the stream lasts tokens / 200 seconds.
    runs: tokens / 200 < 40 ? 3 : 1,
  };
}

/**
 * Every scenario, in running order. `tokens-4k` and `tokens-40k` are the reported cases; with
 * 1k, 2k and 8k they show how cost grows with reply length (linear growth keeps ms per token
 * flat: 10× the reply should cost at most about 10× the time). The large
 * ones show the longest main-thread task a huge reply causes.
 */
export const SCENARIOS: readonly Scenario[] = [
  tokenReply(4000),
  tokenReply(1000),
  tokenReply(2000),
  tokenReply(8000),
  tokenReply(40000),
  {
    id: "stream-20mb",
    title: "20 MiB streamed in 64 KiB deltas at 50 events/s",
    kind: "stream",
    length: 20 * MiB,
    deltaLength: 64 * 1024,
    eventsPerSecond: 50,
    runs: 1,
  },
  {
    id: "tiny-50k",
    title: "50,000 one-character events at once",
    kind: "stream",
    length: 50_000,
    deltaLength: 1,
    runs: 1,
  },
  {
    id: "event-5mb",
    title: "5 MiB in one event",
    kind: "stream",
    length: 5 * MiB,
    deltaLength: 5 * MiB,
    runs: 1,
  },
  {
    id: "history-20mb",
    title: "20 MiB reply loaded from history",
    kind: "history",
    length: 20 * MiB,
    deltaLength: 20 * MiB,
    runs: 1,
  },
];

/** How long the server takes to send the reply, in ms (0 when it is sent at once). */
export function streamDurationMs(scenario: Scenario): number {
  if (scenario.kind === "history" || !scenario.eventsPerSecond) return 0;
  const events = Math.ceil(scenario.length / scenario.deltaLength);
  return ((events - 1) / scenario.eventsPerSecond) * 1000;
}

/**
 * The scenarios named by the comma-separated `filter` words (all without): a word that is an id
 * picks that scenario, any other word every id starting with it.
 */
export function selectScenarios(filter: string | undefined): Scenario[] {
  if (!filter) return [...SCENARIOS];
  const words = filter.split(",").map((word) => word.trim());
  const ids = new Set(SCENARIOS.map((s) => s.id));
  // A whole id names that scenario only (`tokens-4k` is not `tokens-40k`); other words are prefixes.
  const matches = (id: string, word: string) => (ids.has(word) ? id === word : id.startsWith(word));
  const chosen = SCENARIOS.filter((s) => words.some((word) => word && matches(s.id, word)));
  if (chosen.length === 0) {
    throw new Error(`--scenario ${filter} matches none of: ${[...ids].join(", ")}`);
  }
  return chosen;
}
