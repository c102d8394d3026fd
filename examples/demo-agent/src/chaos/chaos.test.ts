import { afterAll, describe, expect, it } from "vitest";
import {
  canStartPostgres,
  startPostgresServer,
} from "../../../../packages/server/test/support/postgresServer";
import {
  freePort,
  redisServerPath,
  startRedisServer,
} from "../../../../packages/server/test/support/redisServer";
import { createRandom } from "../../../../packages/stream/bench/random";
import { checkConversation, outcomeOf, type ReplyOutcome, replyText } from "./chaosChecks";
import {
  type ConversationRecord,
  conversationRecord,
  firstCommands,
  lastReply,
  runConversation,
  settled,
} from "./chaosConversation";
import { ChaosPage, RequestLog } from "./chaosPage";
import { AgentInstance, startChaos } from "./chaosSchedule";
import { startRoundRobinProxy } from "./roundRobinProxy";

// The chaos test. Two demo-agent instances behind a round-robin TCP proxy share one Postgres
// (threads) and one Redis (running replies). Conversations run through react-core's engine,
// the browser's client, while the instances are SIGKILLed and SIGTERMed (and started again) and
// Redis is restarted once. At the end every stored thread is what its client shows, no reply is
// lost, duplicated or left streaming, and no request waited more than 10 s.
// `CHAOS_SEED=n` replays a run's schedule and choices; `CHAOS_CONVERSATIONS=n` runs n.

const CONVERSATIONS = Number(process.env.CHAOS_CONVERSATIONS ?? 50);
const AT_ONCE = 6;
const MAX_WAIT_MS = 10_000;

const hasServices = redisServerPath() !== undefined && canStartPostgres();
if (!hasServices) {
  console.warn("redis-server or Postgres is not installed: the chaos test is skipped.");
}

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, 60_000);

/** Runs `task` for 0…count-1, `atOnce` at a time; a task's failure is its result. */
async function pool<T>(
  count: number,
  atOnce: number,
  task: (index: number) => Promise<T>,
): Promise<(T | Error)[]> {
  const results: (T | Error)[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index).catch((error: unknown) =>
        error instanceof Error ? error : new Error(String(error)),
      );
    }
  };
  await Promise.all(Array.from({ length: atOnce }, worker));
  return results;
}

/** A GET through the proxy: its status, and its JSON body when 200. */
async function getJson<T>(url: string): Promise<{ status: number; body?: T }> {
  const response = await fetch(url);
  if (response.status !== 200) {
    await response.body?.cancel();
    return { status: response.status };
  }
  return { status: 200, body: (await response.json()) as T };
}

/** Waits until no instance runs a reply of the thread (resume answers 204). */
async function noReplyRunning(base: string, threadId: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${base}/api/chat/${encodeURIComponent(threadId)}/stream`).catch(
      () => undefined,
    );
    await response?.body?.cancel();
    if (response?.status === 204) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`A reply of ${threadId} still runs 30 s after the conversations ended.`);
}

describe.skipIf(!hasServices)("chaos: two instances on one Postgres and one Redis", () => {
  it(
    `${CONVERSATIONS} conversations through crashes and restarts: stored threads are what clients show`,
    async () => {
      const seed = Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
      const report: string[] = [`chaos seed ${seed} (CHAOS_SEED=${seed} replays it)`];
      // Printed however the test ends.
      cleanups.push(() => console.log(report.join("\n")));

      const redis = await startRedisServer();
      cleanups.push(() => redis.stop());
      const postgres = await startPostgresServer();
      cleanups.push(() => postgres.remove());
      const env = { REDIS_URL: redis.url, DATABASE_URL: postgres.url, CRAYON_DEMO_DELAY_MS: "4" };
      const instances = [
        new AgentInstance(await freePort(), env),
        new AgentInstance(await freePort(), env),
      ];
      cleanups.push(() => Promise.all(instances.map((instance) => instance.signal("SIGKILL"))));
      await Promise.all(instances.map((instance) => instance.start()));
      const proxy = await startRoundRobinProxy(instances.map((instance) => instance.port));
      cleanups.push(() => proxy.close());
      const requests = new RequestLog();

      // What each command answers when nothing goes wrong: the reference for every reply.
      const reference = new Map<string, string>();
      for (const command of firstCommands) {
        const page = new ChaosPage(proxy.url, requests);
        const thread = page.chat.selectedThread();
        await thread.actions.processMessage(command);
        await settled(thread, `the reference run of ${command}`);
        const reply = lastReply(thread.store.getState().messages);
        expect(outcomeOf(reply), `the reference run of ${command}`).toBe("complete");
        reference.set(command, replyText(reply));
        page.close();
      }

      let started = 0;
      const chaos = startChaos({
        instances,
        redis,
        random: createRandom(seed + 1),
        progress: () => started,
        redisRestartBetween: [12, 30],
        pauseMs: [2500, 6000],
        downMs: [200, 1500],
        log: (line) => report.push(line),
        clock: () => requests.now(),
      });
      const began = Date.now();
      const notes: string[][] = Array.from({ length: CONVERSATIONS }, () => []);
      const results = await pool(CONVERSATIONS, AT_ONCE, (index) => {
        started++;
        return runConversation(index, {
          baseUrl: proxy.url,
          requests,
          random: createRandom(seed * 31 + index),
          note: (line) => notes[index]!.push(line),
        });
      });
      const counts = await chaos.stop();
      const seconds = (Date.now() - began) / 1000;

      // Once no reply runs anywhere, each conversation's end is compared with what is stored.
      const conversations = results.map((result, index) =>
        result instanceof Error
          ? { ...conversationRecord(index), failure: result.message }
          : result,
      );
      const threads = conversations.filter((c) => c.threadId);
      await Promise.all(threads.map((c) => noReplyRunning(proxy.url, c.threadId)));
      const outcomes: Record<ReplyOutcome, number> = {
        complete: 0,
        stopped: 0,
        interrupted: 0,
        failed: 0,
        streaming: 0,
      };
      let stoppedExtra = 0;
      let stopInterrupted = 0;
      const failures: string[] = [];
      for (const conversation of conversations) {
        const { index, threadId } = conversation;
        const problems = conversation.failure ? [conversation.failure] : [];
        if (threadId && !conversation.failure) {
          const path = `${proxy.url}/api/threads/${encodeURIComponent(threadId)}`;
          const stored = await getJson<ConversationRecord["shown"]>(`${path}/messages`);
          const thread = await getJson<{ title: string }>(path);
          const checked = checkConversation({
            ...conversation,
            stored: { status: stored.status, ...(stored.body && { messages: stored.body }) },
            ...(thread.body && { storedTitle: thread.body.title }),
            reference,
            crashedAtStop: counts.signals.some(
              ({ at }) =>
                conversation.stoppedAt !== undefined &&
                Math.abs(at - conversation.stoppedAt) < 1000,
            ),
          });
          stopInterrupted += Number(checked.stopInterrupted);
          for (const outcome of checked.outcomes) outcomes[outcome]++;
          stoppedExtra = Math.max(stoppedExtra, checked.stoppedExtra);
          problems.push(...checked.problems);
        }
        if (problems.length === 0) continue;
        failures.push(...problems.map((problem) => `conversation ${index}: ${problem}`));
        report.push(
          `conversation ${index} (${threadId}):`,
          ...problems.map((problem) => `  ✗ ${problem}`),
          ...notes[index]!.map((note) => `  ${note}`),
          ...(threadId ? requests.trace(threadId).map((line) => `    ${line}`) : []),
        );
      }

      const longest = requests.longestWait();
      const count = (kind: string, status?: number) =>
        requests.records.filter((r) => r.kind === kind && (status ?? r.status) === r.status).length;
      const sum = (pick: (c: ConversationRecord) => number) =>
        conversations.reduce((total, c) => total + pick(c), 0);
      report.push(
        `conversations: ${CONVERSATIONS}, ${AT_ONCE} at a time, in ${seconds.toFixed(0)} s (${sum((c) => Number(!c.failure))} ran to their end, ${sum((c) => Number(c.deleted))} deleted)`,
        `replies: ${outcomes.complete} complete, ${outcomes.stopped} stopped, ${outcomes.interrupted} interrupted, ${outcomes.failed} failed, ${outcomes.streaming} left streaming`,
        `chaos: ${counts.kills} SIGKILL, ${counts.terms} SIGTERM, ${counts.redisRestarts} Redis restart`,
        `requests: ${requests.records.length}; resumes ${count("resume")} (${count("resume", 200)} resumed, ${count("resume", 204)} none running, ${count("resume", 503)} answered 503); stops ${count("stop")}; ${count("reply")} replies; ${requests.records.filter((r) => r.status === "failed").length} cut or refused`,
        `reloads ${sum((c) => c.reloads)}, sends retried ${sum((c) => c.retries)}; a stopped reply was stored with up to ${stoppedExtra} characters more than its client had; ${stopInterrupted} stopped as their instance died (stored interrupted)`,
        `proxy connections: ${[...proxy.counts.perUpstream.values()].join(" / ")}, ${proxy.counts.refused} refused by both instances`,
        `longest wait: ${(longest.ms / 1000).toFixed(2)} s (${longest.label})`,
      );

      // The failures with the seed, in the message: a run whose output is not kept still says
      // what went wrong and how to replay it.
      expect(failures.join("\n"), report[0]).toBe("");
      expect(longest.ms).toBeLessThanOrEqual(MAX_WAIT_MS);
      expect(counts.kills).toBeGreaterThan(0);
      expect(counts.terms).toBeGreaterThan(0);
      expect(counts.redisRestarts).toBe(1);
    },
    Math.max(480_000, CONVERSATIONS * 9_000),
  );
});
