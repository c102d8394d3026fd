// One instance of a server that keeps resumable replies in Redis, in a process of its own, so a
// test can kill it (SIGKILL: no shutdown, no last word to the store). It starts one endless
// reply for the thread given, reads it, and prints `position <characters read>` for each chunk.
//
//   node --import tsx test/support/replyInstance.ts <redis url> <thread id>

import { redisReplyStore } from "../../src/resumable/redisReplyStore";
import { createResumableReplies } from "../../src/resumable/resumableReplies";
import { replyFrame } from "./replyFrames";

const [url, threadId] = process.argv.slice(2);
const replies = createResumableReplies({
  store: redisReplyStore({ url: url!, onError: () => {} }),
  log: () => {},
});
const encoder = new TextEncoder();
let frames = 0;
const response = await replies.start({
  threadId: threadId!,
  generate: () =>
    new Response(
      new ReadableStream<Uint8Array>({
        async pull(controller) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          controller.enqueue(encoder.encode(replyFrame(frames++)));
        },
      }),
      { headers: { "Content-Type": "text/event-stream" } },
    ),
});
const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
let received = 0;
for (;;) {
  const { value } = await reader.read();
  received += value!.length;
  process.stdout.write(`position ${received}\n`);
}
