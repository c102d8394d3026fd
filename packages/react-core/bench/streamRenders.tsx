// `pnpm bench`: what a long streamed reply costs React. A thread already holds 500 messages; a
// 5,000-delta reply streams in (Crayon SSE, 50 deltas per network chunk, a macrotask between
// chunks) and is rendered as a list of memoised rows under a <Profiler>. Counts commits, store
// batches, re-renders of the finished messages (target 0) and renders of the streaming row.
// Prints figures and ratios; it never fails on them.
import { createRequire } from "node:module";
import { arch, cpus, platform } from "node:os";
import { installDom } from "./dom";

// React's production build (with the profiler enabled, so <Profiler> reports commits).
// The bench script sets NODE_ENV=production before tsx compiles JSX (the runtime must match).
process.env.NODE_ENV ??= "production";
const dom = installDom();

const React = await import("react");
// The profiling build of React DOM has the client API (it has no types of its own).
const { createRoot } = createRequire(import.meta.url)(
  "react-dom/profiling",
) as typeof import("react-dom/client");
const { encodeCrayonEvent } = await import("@crayonai/server/sse");
const { useChat } = await import("../src/index");
const { DEFAULT_STREAM_BATCHING } = await import("../src/core/reply/batchScheduler");
type ChatManager = import("../src/index").ChatManager;
type Message = import("../src/index").Message;
type StreamBatching = import("../src/index").StreamBatching;

const HISTORY = 500;
const DELTAS = 5_000;
const DELTAS_PER_CHUNK = 50;
const FRAME_MS = 1000 / 60;

const history: Message[] = Array.from({ length: HISTORY }, (_, i) =>
  i % 2 === 0
    ? { id: `h${i}`, role: "user", content: `Question ${i / 2}: how does step ${i} work?` }
    : {
        id: `h${i}`,
        role: "assistant",
        status: "complete",
        content: `Answer ${(i - 1) / 2}. `.repeat(20),
      },
);
const historyIds = new Set(history.map((m) => m.id));

const utf8 = new TextEncoder();
const chunks: Uint8Array[] = [];
for (let i = 0; i < DELTAS; i += DELTAS_PER_CHUNK) {
  let text = "";
  for (let j = i; j < i + DELTAS_PER_CHUNK; j++) {
    text += encodeCrayonEvent({ type: "text-delta", text: `w${j} ` });
  }
  chunks.push(utf8.encode(text));
}

const nextMacrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The reply: one chunk per read, a macrotask apart, as a network would deliver it. */
function streamedReply(signal: AbortSignal): Response {
  let index = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (index > 0) await nextMacrotask();
        if (signal.aborted || index === chunks.length) controller.close();
        else controller.enqueue(chunks[index++]!);
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { headers: { "content-type": "text/event-stream" } });
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + 20_000;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await nextMacrotask();
  }
}

type Figures = {
  batching: string;
  streamMs: number;
  framesElapsed: number;
  framesRun: number;
  batches: number;
  commits: number;
  commitMs: number;
  historyRenders: number;
  streamingRowRenders: number;
  userRowRenders: number;
};

/** What the components record during one run (reset by `run`). */
function freshProbe() {
  return {
    measuring: false,
    commits: 0,
    commitMs: 0,
    historyRenders: 0,
    streamingRowRenders: 0,
    userRowRenders: 0,
    batches: 0,
    replyDone: false,
    chat: undefined as ChatManager | undefined,
    lastMessages: undefined as Message[] | undefined,
  };
}

const probe = freshProbe();

const Row = React.memo(function Row({ message }: { message: Message }) {
  const fromHistory = historyIds.has(message.id);
  if (probe.measuring) {
    if (fromHistory) probe.historyRenders++;
    else if (message.role === "assistant") probe.streamingRowRenders++;
    else probe.userRowRenders++;
  }
  if (message.role === "assistant" && !fromHistory && message.status === "complete") {
    probe.replyDone = true;
  }
  return (
    <li data-role={message.role}>{typeof message.content === "string" ? message.content : ""}</li>
  );
});

function Chat({ batching }: { batching: StreamBatching }) {
  const chat = useChat({
    fetchThreadList: async () => [{ threadId: "t1", title: "Long thread", createdAt: 0 }],
    loadThread: async () => history,
    processMessage: async ({ abortController }) => streamedReply(abortController.signal),
    streamBatching: batching,
  });
  probe.chat = chat;
  const { messages } = chat.threadManager;
  // Every store batch publishes a new array; count the ones React renders while streaming.
  if (probe.measuring && messages !== probe.lastMessages) probe.batches++;
  probe.lastMessages = messages;
  return (
    <ul>
      {messages.map((message) => (
        <Row key={message.id} message={message} />
      ))}
    </ul>
  );
}

const onRender: import("react").ProfilerOnRenderCallback = (_id, _phase, actualDuration) => {
  if (!probe.measuring) return;
  probe.commits++;
  probe.commitMs += actualDuration;
};

async function run(batching: StreamBatching): Promise<Figures> {
  Object.assign(probe, freshProbe());
  const chat = () => probe.chat!;

  const root = createRoot(dom.container);
  root.render(
    <React.Profiler id="chat" onRender={onRender}>
      <Chat batching={batching} />
    </React.Profiler>,
  );
  await until(() => probe.chat?.threadListManager.threads.length === 1, "the thread list");
  chat().threadListManager.selectThread("t1");
  await until(
    () =>
      chat().threadManager.messages.length === HISTORY && !chat().threadManager.isLoadingMessages,
    "the history",
  );

  const framesBefore = dom.framesRun();
  probe.measuring = true;
  const started = performance.now();
  await chat().threadManager.processMessage("Explain it once more, in full.");
  const streamMs = performance.now() - started;
  await until(() => probe.replyDone && !chat().threadManager.isRunning, "the final commit");
  probe.measuring = false;

  const reply = chat().threadManager.messages.at(-1);
  if (reply?.role !== "assistant" || !reply.content?.endsWith(`w${DELTAS - 1} `)) {
    throw new Error("The reply did not stream completely.");
  }
  root.unmount();
  return {
    batching: typeof batching === "string" ? batching : `every ${batching.intervalMs} ms`,
    streamMs,
    framesElapsed: streamMs / FRAME_MS,
    framesRun: dom.framesRun() - framesBefore,
    batches: probe.batches,
    commits: probe.commits,
    commitMs: probe.commitMs,
    historyRenders: probe.historyRenders,
    streamingRowRenders: probe.streamingRowRenders,
    userRowRenders: probe.userRowRenders,
  };
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ratio = (a: number, b: number) => (b === 0 ? "n/a" : fmt(a / b, 2));

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
        .join("  "),
    )
    .join("\n");
}

const started = performance.now();
// A warm-up run, so the measured ones do not pay for module compilation.
await run("microtask");
const results: Figures[] = [];
for (const batching of [DEFAULT_STREAM_BATCHING, "frame", "microtask"] as StreamBatching[]) {
  results.push(await run(batching));
}
dom.close();

const cpu = cpus()[0]?.model ?? "unknown CPU";
console.log(
  `@crayonai/react-core stream rendering (React ${React.version}, ${process.env.NODE_ENV} build)`,
);
console.log(`${platform()} ${arch()}, ${cpu}, Node ${process.versions.node}`);
console.log(
  `${fmt(HISTORY)} messages in the thread, then ${fmt(DELTAS)} text deltas in ${fmt(chunks.length)} chunks ` +
    `of ${DELTAS_PER_CHUNK} (a macrotask apart); requestAnimationFrame: ${
      dom.nativeFrames ? "jsdom (60 per second)" : "16 ms timer"
    }\n`,
);

console.log(
  table([
    ["streamBatching", ...results.map((r) => r.batching)],
    ["stream time", ...results.map((r) => `${fmt(r.streamMs)} ms`)],
    ["frames elapsed (60 Hz)", ...results.map((r) => fmt(r.framesElapsed))],
    ["animation frames run", ...results.map((r) => fmt(r.framesRun))],
    ["store batches rendered", ...results.map((r) => fmt(r.batches))],
    ["React commits", ...results.map((r) => fmt(r.commits))],
    ["commits per batch", ...results.map((r) => ratio(r.commits, r.batches))],
    ["batches per frame elapsed", ...results.map((r) => ratio(r.batches, r.framesElapsed))],
    ["deltas per commit", ...results.map((r) => ratio(DELTAS, r.commits))],
    ["React render time", ...results.map((r) => `${fmt(r.commitMs)} ms`)],
    ["render time per commit", ...results.map((r) => `${ratio(r.commitMs, r.commits)} ms`)],
    [`re-renders of the ${HISTORY} finished rows`, ...results.map((r) => fmt(r.historyRenders))],
    ["renders of the streaming row", ...results.map((r) => fmt(r.streamingRowRenders))],
    ["renders of the new user row", ...results.map((r) => fmt(r.userRowRenders))],
    [
      "streaming-row renders per commit",
      ...results.map((r) => ratio(r.streamingRowRenders, r.commits)),
    ],
  ]),
);

const frame = results[0]!;
console.log(
  `\nDefault (${frame.batching}): ${fmt(frame.commits)} commits for ${fmt(DELTAS)} deltas ` +
    `(${ratio(frame.commits, frame.batches)} per batch), ${fmt(frame.historyRenders)} re-renders of finished ` +
    `messages (target 0). Total ${fmt((performance.now() - started) / 1000, 1)} s.`,
);
