import { createThreadStore, type ThreadStore } from "@crayonai/server/threads";
import type { AssistantMessage, Message } from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import { userMessage } from "../testSupport/clientRequests";
import { testDatabase } from "../testSupport/testApps";
import { memoryThreadStore } from "./memoryThreadStore";

const reply = (id: string, content: string, status: AssistantMessage["status"] = "complete") =>
  ({ id, role: "assistant", content, status }) as AssistantMessage;

// One conversation's messages, the same objects for both stores.
const question = userMessage("Lisbon in May?");
const answer = reply("a-1", "**Warm**, mostly dry.");
const edited = userMessage("Porto in May?");
const streaming = reply("a-2", "Cooler than", "streaming");
const later = userMessage("And in June?");

/** What the answers say, with the times and cursors (each store's own) left out. */
const neutral = (value: unknown): unknown =>
  JSON.parse(
    JSON.stringify(value ?? null, (key, inner) =>
      key === "createdAt" || key === "updatedAt" || key === "nextCursor" ? `<${key}>` : inner,
    ),
  );

/** Every thread of the owner, two to a page. */
async function pages(store: ThreadStore, owner: string) {
  const seen: unknown[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.listThreads(owner, { limit: 2, ...(cursor && { cursor }) });
    seen.push(page.threads.map(({ threadId, title, preview }) => ({ threadId, title, preview })));
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

/**
 * One session of everything the demo agent and the thread routes do with a store, each answer
 * recorded. Operations are a few ms apart, so the database's clock never ties two of them.
 */
async function session(store: ThreadStore): Promise<unknown[]> {
  const answers: unknown[] = [];
  const step = async (work: Promise<unknown>) => {
    answers.push(neutral(await work));
    await new Promise((resolve) => setTimeout(resolve, 3));
  };
  await step(store.createThread("ann", { threadId: "t1", title: "One" }));
  await step(store.createThread("ann", { threadId: "t2", title: "Two", messages: [question] }));
  await step(store.createThread("ann", { threadId: "t3", title: "Three", metadata: { a: 1 } }));
  await step(store.createThread("ann", { threadId: "t2", title: "Again" }));
  await step(store.createThread("bob", { threadId: "t1", title: "Not yours" }));
  // A reply, an edit on another branch with a reply still streaming, the first branch shown.
  await step(store.saveBranch("ann", "t3", [question, answer]));
  await step(store.saveBranch("ann", "t3", [edited, streaming]));
  await step(store.loadThread("ann", "t3"));
  await step(store.setActiveLeaf("ann", "t3", answer.id));
  await step(store.setActiveLeaf("ann", "t3", "no-such-message"));
  await step(store.loadActiveBranch("ann", "t3"));
  await step(store.upsertMessage("ann", "t1", later));
  // A reply changed where it is, as react-core reports it (with its parent).
  await step(
    store.upsertMessage("ann", "t3", { ...answer, content: "Warm.", parentId: question.id }),
  );
  await step(pages(store, "ann"));
  await step(pages(store, "bob"));
  await step(store.interruptReplies("ann", { threadId: "t1" }));
  await step(store.interruptReplies("ann"));
  await step(store.loadThread("ann", "t3"));
  await step(store.renameThread("ann", "t2", "Renamed"));
  await step(store.getThread("ann", "t2"));
  await step(store.deleteThread("bob", "t1"));
  await step(store.saveBranch("bob", "t1", [later]));
  await step(store.deleteThread("ann", "t1"));
  await step(store.getThread("ann", "t1"));
  await step(pages(store, "ann"));
  return answers;
}

describe("the in-memory thread store", () => {
  it("answers every operation as the SQL thread store does", async () => {
    const sql = await session(createThreadStore({ db: testDatabase(), log: () => {} }));
    const memory = await session(memoryThreadStore());
    expect(memory).toEqual(sql);
    // The session did what it says: branches, a marked reply, pages.
    expect(memory[17]).toMatchObject({
      messages: [
        question,
        { ...answer, content: "Warm.", parentId: question.id },
        edited,
        { ...streaming, status: "error", parentId: edited.id },
      ],
      activeLeafId: answer.id,
    });
    expect(memory[13]).toHaveLength(2);
  });

  it("keeps copies: changing a saved or loaded message changes nothing stored", async () => {
    const store = memoryThreadStore();
    const message: Message = userMessage("Hi");
    await store.createThread("ann", { threadId: "t", title: "t", messages: [message] });
    (message as { content: string }).content = "changed";
    const loaded = await store.loadActiveBranch("ann", "t");
    (loaded!.messages[0] as { content: string }).content = "changed too";
    expect((await store.loadActiveBranch("ann", "t"))!.messages[0]).toMatchObject({
      content: "Hi",
    });
  });

  it("refuses a cursor it did not make", async () => {
    await expect(memoryThreadStore().listThreads("ann", { cursor: "nope" })).rejects.toMatchObject({
      code: "invalid_cursor",
    });
  });
});
