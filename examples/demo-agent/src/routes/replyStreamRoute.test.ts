import type { AssistantMessage } from "@crayonai/stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { longText } from "../agent/scripts/long";
import { decodeReply } from "../testSupport/decodedReply";
import {
  postFirstTurn,
  type ResumableProtocol,
  readSome,
  replyPaths,
  storedThread,
  withNeutralIds,
} from "../testSupport/resumableReplies";
import { servedApp } from "../testSupport/testApps";

// Replies of a thread survive their readers (in-process reply store, real HTTP, so a client
// really disconnects), and stop only when asked to.

let server: Awaited<ReturnType<typeof servedApp>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const serve = async (delayMs: number) => {
  server = await servedApp({ delayMs });
  return server.base;
};

const lastReply = async (base: string, threadId: string) =>
  (await storedThread(base, threadId)).at(-1) as AssistantMessage | undefined;

describe.each(["crayon", "ag-ui", "vercel", "openai", "open-responses"] as const)(
  "a %s reply",
  (protocol) => {
    it("goes on when its client disconnects; resuming from the position read gives the rest, byte for byte", async () => {
      const base = await serve(3);
      const threadId = `t-${protocol}-resume`;
      const { stream } = replyPaths(protocol, threadId);
      const abort = new AbortController();
      const first = await postFirstTurn(base, protocol, threadId, "/long", abort.signal);
      expect(first.status).toBe(200);
      // An uninterrupted run of the same command in another thread, alongside.
      const otherId = `${threadId}-uninterrupted`;
      const other = postFirstTurn(base, protocol, otherId, "/long").then((r) => r.text());
      const { text: head } = await readSome(first, { characters: 1500 });
      abort.abort();

      // Another reader of the same reply from its start, and the disconnected one's resume.
      const whole = await fetch(`${base}${stream}?position=0`);
      const rest = await fetch(`${base}${stream}?position=${head.length}&protocol=${protocol}`);
      expect(rest.status).toBe(200);
      expect(rest.headers.get("X-Crayon-Resume-Position")).toBe(String(head.length));
      expect(rest.headers.get("Content-Type")).toBe(first.headers.get("Content-Type"));
      expect(rest.headers.get("X-Crayon-Reply-Id")).toBe(first.headers.get("X-Crayon-Reply-Id"));
      const resumed = head + (await rest.text());
      // The very reply, ids included: what a reader that never left read.
      expect(resumed).toBe(await whole.text());

      // The uninterrupted run in the other thread is the same body, but for its random ids, its
      // thread id (and an OpenAI chunk's time).
      expect(withNeutralIds(resumed, threadId)).toBe(withNeutralIds(await other, otherId));

      // The disconnect did not stop it: it is stored complete, as the client reads it.
      const reply = await lastReply(base, threadId);
      expect(reply).toMatchObject({ role: "assistant", status: "complete", content: longText });
      if (protocol !== "openai") {
        const { messages } = await decodeReply(protocol, new Response(resumed), []);
        expect(messages.at(-1)).toMatchObject({ id: reply!.id, content: longText });
      }
      // Finished: nothing runs for the thread any more.
      expect((await fetch(`${base}${stream}`)).status).toBe(204);
    });
  },
);

describe.each(["crayon", "ag-ui", "vercel", "openai", "open-responses", "plain-text"] as const)(
  "stopping a %s reply",
  (protocol: ResumableProtocol) => {
    it("DELETE stops it (202), and it is stored stopped with the text sent; then 204s, and 416 beyond the end", async () => {
      const base = await serve(5);
      const threadId = `t-${protocol}-stop`;
      const { stream } = replyPaths(protocol, threadId);
      const response = await postFirstTurn(base, protocol, threadId, "/long");
      const { text: head, rest } = await readSome(response, { characters: 800 });

      const beyond = await fetch(`${base}${stream}?position=100000000`);
      expect(beyond.status).toBe(416);
      expect(await beyond.json()).toMatchObject({ error: { code: "position_out_of_range" } });

      expect((await fetch(`${base}${stream}`, { method: "DELETE" })).status).toBe(202);
      // The client's body ends after the reply was saved.
      const body = head + (await rest());
      const reply = await lastReply(base, threadId);
      expect(reply).toMatchObject({ role: "assistant", status: "stopped" });
      expect(reply!.content!.length).toBeGreaterThan(0);
      expect(reply!.content!.length).toBeLessThan(longText.length);
      expect(longText.startsWith(reply!.content!)).toBe(true);
      if (protocol !== "openai") {
        // Exactly the text the client was sent.
        const { messages } = await decodeReply(protocol, new Response(body), []);
        expect((messages.at(-1) as AssistantMessage).content).toBe(reply!.content);
      }

      await vi.waitFor(async () => {
        expect((await fetch(`${base}${stream}`, { method: "DELETE" })).status).toBe(204);
      });
      expect((await fetch(`${base}${stream}?position=0`)).status).toBe(204);
    });
  },
);
