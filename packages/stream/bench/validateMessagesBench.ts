// `tsx bench/validateMessagesBench.ts`: what validateMessages costs on a loaded thread, for
// valid lists (nothing may be copied) and lists with one malformed message in ten, at two sizes
// so the growth shows whether it stays linear. Prints figures; it never fails on them.
import { loadSource } from "./loadSource";
import { clock, medians } from "./measure";
import { count, duration, fixed, ratio, table } from "./table";

type Validate = (input: unknown) => { messages: unknown[]; errors: unknown[] };
const { validateMessages } = (await loadSource("src/validation/validateMessages.ts")) as {
  validateMessages: Validate;
};

const SIZES = [10_000, 100_000];
const RUNS = { warmup: 3, runs: 9 };

/** A realistic thread: user turns, assistant replies with tool calls and sources, tool results. */
function validMessage(i: number): Record<string, unknown> {
  switch (i % 4) {
    case 0:
      return {
        id: `m${i}`,
        role: "user",
        content: [
          { type: "text", text: `Question ${i}` },
          { type: "image", source: { type: "url", value: `https://x.test/${i}.png` } },
        ],
      };
    case 1:
      return {
        id: `m${i}`,
        role: "assistant",
        content: "An answer of a few words. ".repeat(8),
        status: "complete",
        toolCalls: [
          { id: `c${i}`, type: "function", function: { name: "search", arguments: '{"q":1}' } },
        ],
        sources: [{ id: `s${i}`, kind: "url", url: "https://x.test", title: "A page" }],
      };
    case 2:
      return { id: `m${i}`, role: "tool", toolCallId: `c${i - 1}`, content: "42" };
    default:
      return { id: `m${i}`, role: "reasoning", content: "Thinking it over.", isThinking: false };
  }
}

/** Every tenth message is broken in a way that needs a repair or leaves it out. */
function withMalformed(i: number): unknown {
  if (i % 10 !== 9) return validMessage(i);
  return i % 20 === 9
    ? { id: `m${i}`, role: "assistant", content: "x", sources: [null, 3], toolCalls: "nope" }
    : null;
}

const rows: string[][] = [];
const perSize: Record<string, number[]> = { valid: [], malformed: [] };
for (const size of SIZES) {
  const lists = {
    valid: Array.from({ length: size }, (_, i) => validMessage(i)),
    malformed: Array.from({ length: size }, (_, i) => withMalformed(i)),
  };
  const [validMs, malformedMs] = await medians(
    [async () => validateMessages(lists.valid), async () => validateMessages(lists.malformed)],
    RUNS,
  );
  for (const [kind, ms] of [
    ["valid", validMs!],
    ["malformed", malformedMs!],
  ] as const) {
    const input = lists[kind];
    const { messages, errors } = validateMessages(input);
    const copies = messages.filter((message, i) => message !== input[i]).length;
    perSize[kind]!.push(ms);
    rows.push([
      kind === "valid" ? "valid" : "1 in 10 malformed",
      count(size),
      duration(ms),
      fixed((ms * 1e6) / size, 0),
      count((size / ms) * 1000),
      count(errors.length),
      kind === "valid" ? count(copies) : "–",
    ]);
  }
}

const growth = (times: number[]) => ratio(times[1]! / times[0]! / (SIZES[1]! / SIZES[0]!));
console.log(`validateMessages (${clock} time, median of ${RUNS.runs})\n`);
console.log(
  table(["list", "messages", "time", "ns/message", "messages/s", "errors", "copies"], rows),
);
console.log(
  `\ngrowth per message from ${count(SIZES[0]!)} to ${count(SIZES[1]!)} (1.00× is linear): ` +
    `valid ${growth(perSize.valid!)}, malformed ${growth(perSize.malformed!)}`,
);
