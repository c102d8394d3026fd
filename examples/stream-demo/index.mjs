// A terminal demo of @crayonai/stream: a scripted agent streams every message kind over the
// Crayon SSE format, and a client reads it back with crayonSSEAdapter + the accumulator.
import { createServer } from "node:http";
import { Readable } from "node:stream";
import { crayonSSEResponse } from "@crayonai/server/sse";
import { crayonSSEAdapter } from "@crayonai/stream";
import { createMessageAccumulator } from "@crayonai/stream/accumulator";

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function* scriptedReply() {
  yield { type: "run-start", runId: "demo" };
  yield { type: "reasoning-start", messageId: "think-1" };
  for (const word of "The user wants a plan for the trip, then the weather.".split(" ")) {
    yield { type: "reasoning-delta", text: `${word} `, messageId: "think-1" };
    await pause(25);
  }
  yield { type: "reasoning-end", messageId: "think-1" };
  yield {
    type: "activity-snapshot",
    messageId: "plan-1",
    activityType: "PLAN",
    content: {
      steps: [
        { title: "Check the weather", done: false },
        { title: "Answer", done: false },
      ],
    },
  };
  yield { type: "message-start", messageId: "reply-1" };
  yield { type: "tool-call-start", toolCallId: "call-1", toolCallName: "get_weather" };
  for (const piece of ['{"city":', '"Lisbon"}']) {
    yield { type: "tool-call-args", toolCallId: "call-1", delta: piece };
    await pause(40);
  }
  yield { type: "tool-call-end", toolCallId: "call-1" };
  yield { type: "tool-call-result", toolCallId: "call-1", content: '{"tempC":24,"sky":"clear"}' };
  yield {
    type: "activity-delta",
    messageId: "plan-1",
    activityType: "PLAN",
    patch: [{ op: "replace", path: "/steps/0/done", value: true }],
  };
  yield { type: "message-start", messageId: "reply-2" };
  const answer = "It is **24 °C and clear** in Lisbon: a good day for the trip. ☀️";
  for (const word of answer.split(/(?<= )/)) {
    yield { type: "text-delta", text: word };
    await pause(40);
  }
  yield { type: "message-end", messageId: "reply-2" };
  yield {
    type: "activity-delta",
    messageId: "plan-1",
    activityType: "PLAN",
    patch: [{ op: "replace", path: "/steps/1/done", value: true }],
  };
  yield { type: "run-finish", runId: "demo", outcome: "success" };
}

const server = createServer(async (_req, res) => {
  const response = crayonSSEResponse(scriptedReply());
  res.writeHead(response.status, Object.fromEntries(response.headers));
  Readable.fromWeb(response.body).pipe(res);
});

server.listen(0, "127.0.0.1", async () => {
  const { port } = server.address();
  console.log(`Scripted agent streaming Crayon SSE on http://127.0.0.1:${port}\n`);
  const history = [{ id: "user-1", role: "user", content: "Plan my day trip to Lisbon." }];
  console.log(`user      > ${history[0].content}`);

  const response = await fetch(`http://127.0.0.1:${port}/chat`, { method: "POST" });
  const accumulator = createMessageAccumulator({ messages: history });
  let printedReasoning = false;
  let printedAnswer = false;
  for await (const event of crayonSSEAdapter().parse(response)) {
    accumulator.apply(event);
    if (event.type === "reasoning-delta") {
      if (!printedReasoning) process.stdout.write("reasoning > ");
      printedReasoning = true;
      process.stdout.write(event.text);
    } else if (event.type === "tool-call-end") {
      process.stdout.write("\ntool call > get_weather(...)\n");
    } else if (event.type === "text-delta") {
      if (!printedAnswer) process.stdout.write("assistant > ");
      printedAnswer = true;
      process.stdout.write(event.text);
    }
  }
  accumulator.finish();
  console.log("\n\nAccumulated messages:");
  for (const message of accumulator.getMessages()) {
    const summary =
      message.role === "activity"
        ? JSON.stringify(message.content)
        : message.role === "assistant"
          ? `${JSON.stringify(message.content)}${message.toolCalls ? ` + ${message.toolCalls.length} tool call(s)` : ""} [${message.status}]`
          : JSON.stringify(message.content);
    console.log(`  ${message.role.padEnd(9)} ${message.id.padEnd(12)} ${summary}`);
  }
  console.log("\nThe React example apps arrive with @crayonai/react-core and @crayonai/react-ui.");
  server.close();
});
