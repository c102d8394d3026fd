import type { ProducedText, ResumableReplies } from "@crayonai/server/resumable";
import { encodeCrayonEvent } from "@crayonai/server/sse";
import { createThreadStore, INTERRUPTED_REPLY_ERROR } from "@crayonai/server/threads";
import type { CrayonStreamEvent, Message } from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import { reasoningText } from "../agent/scripts/reason";
import { DEMO_USER } from "../store/demoUser";
import { userMessage } from "../testSupport/clientRequests";
import { testDatabase } from "../testSupport/testApps";
import { saveProducedReply } from "./producedReply";

/** The kit's kept text of a reply whose instance died after `events`, in the Crayon protocol. */
function keptText(events: CrayonStreamEvent[], replyTo: string): ResumableReplies {
  const produced: ProducedText = {
    replyId: "reply-1",
    text: events.map(encodeCrayonEvent).join(""),
    headers: [
      ["content-type", "text/event-stream"],
      ["x-demo-protocol", "crayon"],
      ["x-demo-reply-to", replyTo],
    ],
    running: false,
  };
  return { producedText: async () => produced } as unknown as ResumableReplies;
}

const reasoning: CrayonStreamEvent[] = [
  { type: "reasoning-start", messageId: "r1" },
  { type: "reasoning-delta", messageId: "r1", text: reasoningText.slice(0, 120) },
];

describe("saveProducedReply: a reply whose instance died is saved as interrupted", () => {
  // Found by the chaos test: an instance killed while /reason still reasoned left the thread
  // with its reasoning and no answer, which read as neither finished nor interrupted.
  it.each([
    ["while it only reasoned (a checkpoint holds the reasoning)", true],
    ["before its first checkpoint", false],
  ])("%s", async (_, checkpointed) => {
    const store = createThreadStore({ db: testDatabase() });
    const question = userMessage("/reason");
    const checkpoint: Message[] = checkpointed
      ? [{ id: "r1", role: "reasoning", content: reasoningText.slice(0, 40), isThinking: true }]
      : [];
    await store.createThread(DEMO_USER, {
      threadId: "t1",
      title: "Reasoning",
      messages: [question, ...checkpoint],
    });

    const saved = await saveProducedReply(keptText(reasoning, question.id), store, "t1");

    expect(saved).toBe(true);
    const branch = (await store.loadActiveBranch(DEMO_USER, "t1"))?.messages ?? [];
    expect(branch.map((m) => m.role)).toEqual(["user", "reasoning", "assistant"]);
    expect(branch[1]).toMatchObject({ id: "r1", content: reasoningText.slice(0, 120) });
    expect(branch[1]).not.toMatchObject({ isThinking: true });
    expect(branch[2]).toMatchObject({ status: "error", error: INTERRUPTED_REPLY_ERROR });
  });

  it("leaves a reply that was saved as it ended", async () => {
    const store = createThreadStore({ db: testDatabase() });
    const question = userMessage("/reason");
    const answered: Message[] = [
      question,
      { id: "r1", role: "reasoning", content: reasoningText },
      { id: "a1", role: "assistant", content: "22 weekdays.", status: "complete" },
    ];
    await store.createThread(DEMO_USER, { threadId: "t2", title: "Done", messages: answered });

    expect(await saveProducedReply(keptText(reasoning, question.id), store, "t2")).toBe(false);
    const branch = (await store.loadActiveBranch(DEMO_USER, "t2"))?.messages ?? [];
    expect(branch).toEqual(answered);
  });
});
