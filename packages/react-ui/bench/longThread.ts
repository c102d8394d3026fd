import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import type { RandomGenerator } from "pure-rand/types/RandomGenerator";
import { END_MARKER } from "./replyMarkdown";

/** One stored message as the AI SDK keeps it (`UIMessage` with one text part). */
export type StoredMessage = {
  id: string;
  role: "user" | "assistant";
  parts: [{ type: "text"; text: string }];
};

/** Words per message, inclusive: the "150–400 words of markdown each". */
export const WORDS_PER_MESSAGE = { min: 150, max: 400 } as const;
/** Every this many answers holds a code block; every {@link TABLE_EVERY} a table. */
export const CODE_EVERY = 5;
export const TABLE_EVERY = 10;
/** The seed the bench uses, so every run (and both contenders) gets the same thread. */
export const LONG_THREAD_SEED = 20;

const VOCABULARY = (
  "the service reads each request from the queue and writes the result to the store after " +
  "checking its schema a worker keeps one connection open per shard so a slow shard never " +
  "holds up the others when the cache misses we fall back to the database and record how " +
  "long that took deploys roll out one region at a time with a health check between them " +
  "retries back off exponentially and give up after five attempts the client sees an error " +
  "with the request id it can quote to support metrics are sampled every ten seconds and " +
  "kept for thirty days alerts fire when the error rate stays above one percent for longer " +
  "than five minutes"
).split(" ");

const TOPICS = ["billing", "search", "uploads", "sessions", "exports", "webhooks", "reports"];

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

function pick<T>(rng: RandomGenerator, items: readonly T[]): T {
  return items[uniformInt(rng, 0, items.length - 1)]!;
}

function words(rng: RandomGenerator, count: number): string[] {
  return Array.from({ length: count }, () => pick(rng, VOCABULARY));
}

function sentence(rng: RandomGenerator, count: number): string {
  const text = words(rng, count).join(" ");
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

// Prose with inline markup: bold, inline code and a link in each paragraph of an answer.
// Eight of its words are fixed, so `count` must be at least 8; it has exactly `count` words.
const MARKED_UP_MIN_WORDS = 8;
function markedUpParagraph(rng: RandomGenerator, count: number, topic: string): string {
  const [head, ...rest] = words(rng, count - MARKED_UP_MIN_WORDS + 1);
  const code = `\`${topic}_${uniformInt(rng, 1, 99)}\``;
  return `**${head} ${topic}** ${rest.join(" ")} with ${code} as [the guide](https://example.com/${topic}) says.`;
}

function codeBlock(rng: RandomGenerator, topic: string): string {
  const limit = uniformInt(rng, 10, 500);
  return [
    "```ts",
    `export async function drain${topic[0]!.toUpperCase()}${topic.slice(1)}(queue: Queue) {`,
    `  const batch = await queue.take(${limit});`,
    "  for (const job of batch) await job.run();",
    "  return batch.length;",
    "}",
    "```",
  ].join("\n");
}

function table(rng: RandomGenerator, topic: string): string {
  const row = (region: string) =>
    `| ${region} | ${uniformInt(rng, 100, 99_999)} | ${uniformInt(rng, 1, 900)} ms |`;
  return [
    `| ${topic} region | Requests | p99 |`,
    "| --- | ---: | ---: |",
    row("eu-west"),
    row("us-east"),
    row("ap-south"),
  ].join("\n");
}

// A user's question: plain prose (Crayon shows user text as typed, never as markdown).
function question(rng: RandomGenerator, target: number): string {
  const sentences: string[] = [];
  let used = 0;
  while (used < target) {
    const length = Math.min(uniformInt(rng, 8, 20), target - used);
    sentences.push(sentence(rng, length));
    used += length;
  }
  return sentences.join(" ");
}

// An answer of `target` words: a heading, marked-up paragraphs and a list, with the fixed
// blocks (code, table, the last message's ending) counted in the target.
function answer(rng: RandomGenerator, answerNumber: number, target: number, ending?: string) {
  const topic = pick(rng, TOPICS);
  const fixed: string[] = [];
  if (answerNumber % CODE_EVERY === 0) fixed.push(codeBlock(rng, topic));
  if (answerNumber % TABLE_EVERY === 0) fixed.push(table(rng, topic));
  const heading = `### ${topic[0]!.toUpperCase()}${topic.slice(1)}, part ${answerNumber}`;
  const list = [1, 2, 3].map(() => `- ${sentence(rng, uniformInt(rng, 4, 8))}`).join("\n");
  const fixedWords = wordCount([heading, list, ...fixed, ending ?? ""].join(" "));
  const paragraphs: string[] = [];
  let left = target - fixedWords;
  while (left > 0) {
    const length = left < 70 ? left : uniformInt(rng, 40, 70);
    paragraphs.push(
      length < MARKED_UP_MIN_WORDS ? sentence(rng, length) : markedUpParagraph(rng, length, topic),
    );
    left -= length;
  }
  const [first, ...others] = paragraphs;
  const blocks = [heading, first, list, ...others, ...fixed];
  if (ending) blocks.push(ending);
  return blocks.filter(Boolean).join("\n\n");
}

/**
 * A stored conversation of `count` messages, user and assistant in turn (an even count ends on
 * an answer), each of 150–400 words: plain questions; answers in markdown with a heading, bold,
 * inline code, links and a list, a code block in every 5th answer and a table in every 10th.
 * The last message ends with {@link END_MARKER}. The same seed gives the same thread.
 */
export function longThreadMessages(count: number, seed = LONG_THREAD_SEED): StoredMessage[] {
  const rng = xoroshiro128plus(seed);
  const messages: StoredMessage[] = [];
  for (let i = 0; i < count; i++) {
    const target = uniformInt(rng, WORDS_PER_MESSAGE.min, WORDS_PER_MESSAGE.max);
    const role = i % 2 === 0 ? "user" : "assistant";
    const last = i === count - 1;
    const ending = last ? `That is all for now. ${END_MARKER}` : undefined;
    const text =
      role === "user"
        ? [question(rng, target - (ending ? wordCount(ending) : 0)), ending]
            .filter(Boolean)
            .join("\n\n")
        : answer(rng, (i + 1) / 2, target, ending);
    messages.push({ id: `m${i}`, role, parts: [{ type: "text", text }] });
  }
  return messages;
}
