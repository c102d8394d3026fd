import type { CrayonStreamEvent, SourceReference } from "@crayonai/stream";
import { type HostedToolItem, hostedToolCall } from "../hostedToolCall";
import { createId } from "../ids";
import type { Script, ScriptContext } from "../script";
import { assistantMessage, textDeltas } from "../scriptEvents";
import { hostedImages } from "./hostedImages";

/** What /hosted searches the web for. */
export const hostedSearchQuery = "how chat APIs stream replies";

/** The pages the search read, cited by the answer that follows it (a URL citation's id is its URL). */
export const hostedSources: SourceReference[] = [
  {
    id: "https://developer.mozilla.org/en-US/docs/Web/API/Server-sent_events",
    kind: "url",
    url: "https://developer.mozilla.org/en-US/docs/Web/API/Server-sent_events",
    title: "Server-sent events (MDN)",
  },
  {
    id: "https://platform.openai.com/docs/guides/streaming-responses",
    kind: "url",
    url: "https://platform.openai.com/docs/guides/streaming-responses",
    title: "Streaming API responses (OpenAI)",
  },
];

/** The answer to the search; its numbers refer to {@link hostedSources}. */
export const hostedSearchText =
  "Chat APIs stream their replies as server-sent events [1]; the OpenAI Responses API sends one typed JSON event per frame, each with a sequence number [2].";

/** The Python the code interpreter runs, line by line. */
export const hostedCode = [
  "latencies_ms = [112, 98, 143, 87, 131]\n",
  "mean = sum(latencies_ms) / len(latencies_ms)\n",
  'print(f"mean {mean:.1f} ms")\n',
  'print(f"max {max(latencies_ms)} ms")\n',
];

/** What the code prints. */
export const hostedCodeLogs = "mean 114.2 ms\nmax 143 ms\n";

/** The answer that uses the code's output. */
export const hostedCodeText =
  "The five requests took **114.2 ms** on average and **143 ms** at most.";

/** How the image generator describes the picture it made. */
export const hostedImagePrompt = "A sun over green hills, in flat colours";

/** The words under the picture. */
export const hostedImageText = "And here is a picture to go with it.";

/** How many text-delta delays each state of a hosted tool call takes, so it can be watched. */
const STEP_DELAYS = 8;

/** The same for image generation, whose partial images are worth a look. */
const IMAGE_STEP_DELAYS = 20;

/** The states of a web search, then the finished item with the query and the pages read. */
function webSearch(): [HostedToolItem[], HostedToolItem] {
  const base: HostedToolItem = {
    id: createId("ws"),
    type: "web_search_call",
    status: "in_progress",
  };
  const states = ["in_progress", "searching", "completed"].map((status) => ({ ...base, status }));
  const done = {
    ...base,
    status: "completed",
    action: {
      type: "search",
      query: hostedSearchQuery,
      sources: hostedSources.map(({ url }) => ({ type: "url", url })),
    },
  };
  return [states, done];
}

/** The code streaming in line by line, run, then the finished item with its logs. */
function codeInterpreter(): [HostedToolItem[], HostedToolItem] {
  const started: HostedToolItem = {
    id: createId("ci"),
    type: "code_interpreter_call",
    status: "in_progress",
  };
  const states: HostedToolItem[] = [started];
  let code = "";
  for (const line of hostedCode) {
    code += line;
    states.push({ ...started, code });
  }
  const written = states.at(-1)!;
  states.push({ ...written, status: "interpreting" }, { ...written, status: "completed" });
  const done = {
    ...written,
    status: "completed",
    container_id: "cntr_demo",
    outputs: [{ type: "logs", logs: hostedCodeLogs }],
  };
  return [states, done];
}

/** Generation with each partial image as it arrives, then the finished picture. */
function imageGeneration(): [HostedToolItem[], HostedToolItem] {
  const started: HostedToolItem = {
    id: createId("ig"),
    type: "image_generation_call",
    status: "in_progress",
  };
  const states: HostedToolItem[] = [started, { ...started, status: "generating" }];
  hostedImages.partial.forEach((image, index) => {
    states.push({
      ...started,
      status: "generating",
      partial_image_b64: image,
      partial_image_index: index,
    });
  });
  const done = {
    ...started,
    status: "completed",
    revised_prompt: hostedImagePrompt,
    result: hostedImages.final,
  };
  return [states, done];
}

/** A message holding one hosted tool call (its card), with nothing else in it. */
async function* cardMessage(
  [progress, done]: [HostedToolItem[], HostedToolItem],
  context: ScriptContext,
  stepDelays = STEP_DELAYS,
): AsyncGenerator<CrayonStreamEvent> {
  const messageId = createId("msg");
  const pacing = { stepMs: (context.delayMs ?? 0) * stepDelays, signal: context.signal };
  yield { type: "message-start", messageId };
  yield* hostedToolCall(progress, done, pacing, messageId);
  yield { type: "message-end", messageId };
}

async function* hosted(context: ScriptContext): AsyncGenerator<CrayonStreamEvent> {
  yield* cardMessage(webSearch(), context);
  const cited = createId("msg");
  yield { type: "message-start", messageId: cited };
  yield* textDeltas(hostedSearchText, cited);
  for (const source of hostedSources) yield { type: "source", source, messageId: cited };
  yield { type: "message-end", messageId: cited };
  yield* cardMessage(codeInterpreter(), context);
  yield* assistantMessage(hostedCodeText);
  yield* cardMessage(imageGeneration(), context, IMAGE_STEP_DELAYS);
  yield* assistantMessage(hostedImageText);
}

/**
 * `/hosted`: the tools a Responses server runs itself, each shown as its card while it works: a
 * web search (searching, then the pages read) and an answer citing them, the code interpreter
 * (the code streaming in, run, its logs) and an answer using its output, then image generation
 * (two partial images, then the picture). Over `open-responses` they are the server's own
 * `web_search_call`, `code_interpreter_call` and `image_generation_call` items.
 */
export const hostedScript: Script = {
  command: "/hosted",
  description:
    "Tools the server runs itself, as cards: a web search with citations, code with its output, a generated image.",
  run: hosted,
};
