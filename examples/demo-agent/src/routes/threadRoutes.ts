import { validateMessages } from "@crayonai/stream";
import { Hono } from "hono";
import { messagesError } from "../requests/messagesError";
import { TITLE_LIMIT } from "../store/stringLimits";
import type { ThreadStore } from "../store/threadStore";
import { threadTitle } from "../store/threadTitle";
import { jsonBody } from "./jsonBody";

/**
 * The thread REST routes: list (paginated, newest first), create, rename, delete, and a
 * thread's messages (its active branch, or the whole tree with `/tree`; `PUT /active-leaf`
 * picks the branch a reload opens). Unknown thread ids get 404, bad bodies 400, both with `{ error }`.
 */
export function threadRoutes(store: () => Promise<ThreadStore>) {
  const notFound = (threadId: string) => ({ error: `There is no thread ${threadId}.` });

  return new Hono()
    .get("/", async (c) => {
      const cursor = c.req.query("cursor");
      if (cursor !== undefined && cursor !== "" && !/^\d+$/.test(cursor)) {
        return c.json({ error: "`cursor` must be a `nextCursor` from a previous page." }, 400);
      }
      return c.json((await store()).listThreads(cursor ? Number(cursor) : undefined));
    })
    .post("/", async (c) => {
      const body = await jsonBody(c);
      const { messages, errors } = validateMessages([
        (body as { firstMessage?: unknown } | undefined)?.firstMessage,
      ]);
      const firstMessage = messages[0];
      if (errors.length || firstMessage?.role !== "user") {
        const error = "The body must be `{ firstMessage }` with a valid user message.";
        if (!errors.length) return c.json({ error }, 400);
        return c.json({ error, issues: messagesError(errors, () => "firstMessage").issues }, 400);
      }
      const thread = await (await store()).createThread({
        threadId: globalThis.crypto.randomUUID(),
        title: threadTitle(firstMessage),
        createdAt: new Date().toISOString(),
      });
      return c.json(thread, 201);
    })
    .patch("/:id", async (c) => {
      const body = await jsonBody(c);
      const title = (body as { title?: unknown } | undefined)?.title;
      if (typeof title !== "string" || title.trim() === "") {
        return c.json({ error: "The body must be `{ title }` with a non-empty title." }, 400);
      }
      if (title.length > TITLE_LIMIT) {
        return c.json({ error: `The title is longer than ${TITLE_LIMIT} characters.` }, 400);
      }
      const thread = await (await store()).renameThread(c.req.param("id"), title.trim());
      return thread ? c.json(thread) : c.json(notFound(c.req.param("id")), 404);
    })
    .delete("/:id", async (c) => {
      const deleted = await (await store()).deleteThread(c.req.param("id"));
      return deleted ? c.body(null, 204) : c.json(notFound(c.req.param("id")), 404);
    })
    .get("/:id/messages", async (c) => {
      const messages = (await store()).getMessages(c.req.param("id"));
      return messages ? c.json(messages) : c.json(notFound(c.req.param("id")), 404);
    })
    .get("/:id/tree", async (c) => {
      const tree = (await store()).getTree(c.req.param("id"));
      return tree ? c.json(tree) : c.json(notFound(c.req.param("id")), 404);
    })
    .put("/:id/active-leaf", async (c) => {
      const body = await jsonBody(c);
      const leafId = (body as { activeLeafId?: unknown } | undefined)?.activeLeafId;
      if (typeof leafId !== "string" || leafId === "") {
        return c.json({ error: "The body must be `{ activeLeafId }` with a message id." }, 400);
      }
      const saved = await (await store()).setActiveLeaf(c.req.param("id"), leafId);
      return saved
        ? c.body(null, 204)
        : c.json({ error: `Thread ${c.req.param("id")} has no message ${leafId}.` }, 404);
    });
}
