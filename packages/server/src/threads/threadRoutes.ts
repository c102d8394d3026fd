import { type Message, type UserMessage, validateMessages } from "@crayonai/stream";
import { DatabaseUnavailableError } from "./databaseUnavailableError";
import { InvalidCursorError } from "./invalidCursorError";
import { failure, json } from "./jsonResponses";
import { declaredTooLarge, readLimitedBody } from "./limitedBody";
import { ROUTE_METHODS, routePath } from "./routePath";
import { ID_LIMIT, TITLE_LIMIT } from "./stringLimits";
import { MAX_PAGE_SIZE, type ThreadStore } from "./threadStore";
import { threadTitle } from "./threadTitle";
import type { StoredThread } from "./threadTypes";

/** Who a request is from: the owner of the threads it may see. */
export type ThreadUser = { userId: string };

/** Options of {@link threadRoutes}. */
export type ThreadRoutesOptions = {
  /**
   * Says who the request is from (from its session cookie, its bearer token, …). For a route
   * of one thread it also gets the thread's id. Return `null` to refuse the request (403), or a
   * `Response` to answer it yourself (e.g. a 401 with `WWW-Authenticate`). A user only ever
   * sees their own threads: another user's thread answers 404, like one that does not exist.
   */
  authorize: (
    request: Request,
    threadId?: string,
  ) => Promise<ThreadUser | Response | null> | ThreadUser | Response | null;
  /**
   * Largest request body, in bytes: a message (with its attachments), a new thread's first
   * message. A bigger one is refused with 413 before the database is touched. Default 10 MiB.
   */
  maxMessageBytes?: number;
  /** Where the routes are mounted. Default `"/api/threads"`. */
  basePath?: string;
  /** Where unexpected failures (500s) are reported. Default `console.error`. */
  log?: (message: string, error?: unknown) => void;
};

/** The default {@link ThreadRoutesOptions.maxMessageBytes}: 10 MiB. */
export const DEFAULT_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

/** The thread as the client's `Thread` (the app's metadata stays on the server). */
const threadJson = ({ metadata: _metadata, ...thread }: StoredThread) => thread;

const notFound = (threadId: string) => failure(404, "not_found", `There is no thread ${threadId}.`);

/** `validateMessages`' problems as a 400's `issues`. */
const issuesOf = (errors: ReturnType<typeof validateMessages>["errors"], at: string) =>
  errors.map((error) => ({
    path: error.path ? `${at}.${error.path}` : at,
    message: error.message,
  }));

/**
 * The thread REST routes as one web-standard handler, `(request: Request) => Promise<Response>`,
 * for Next.js route handlers, Hono, Bun, Deno or any Fetch-API server. Routes, under `basePath`
 * (default `/api/threads`), as react-core's thread callbacks call them:
 *
 * | Route | Does |
 * | --- | --- |
 * | `GET /?cursor=&limit=` | `{ threads, nextCursor? }`, most recently active first, 20 per page |
 * | `POST /` `{ firstMessage }` | creates a thread titled from the message, saved in it → `201` `Thread` |
 * | `GET /:id` | → `Thread` |
 * | `PATCH /:id` `{ title }` | renames it → `Thread` (`PUT` with the whole `Thread` too: only its title is kept) |
 * | `DELETE /:id` | deletes it and its messages → `204` |
 * | `GET /:id/messages` | the branch shown last → `Message[]` |
 * | `GET /:id/tree` | every branch → `{ messages, activeLeafId?, errors? }` (`loadThread`) |
 * | `PUT /:id/messages/:messageId` `Message` | saves the message by id (`onUpdateMessage`) → `204` |
 * | `PUT /:id/active-leaf` `{ activeLeafId }` | the branch a reload opens (`onActiveBranchChange`) → `204` |
 *
 * Failures are JSON `{ error, code }` ({@link RouteError}): 400 for a bad body, id or cursor,
 * 403 when `authorize` refuses, 404 for a thread the user does not have, 413 for a body over
 * `maxMessageBytes`, 503 `database_unavailable` while the database cannot be reached (nothing
 * half-written; retrying is safe).
 *
 * @example
 * ```ts
 * // app/api/threads/[[...path]]/route.ts
 * const handler = threadRoutes(store, { authorize: async () => ({ userId: await currentUserId() }) });
 * export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE };
 * ```
 */
export function threadRoutes(
  store: ThreadStore,
  options: ThreadRoutesOptions,
): (request: Request) => Promise<Response> {
  const maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const basePath = options.basePath ?? "/api/threads";
  const log = options.log ?? ((message, error) => console.error(message, error ?? ""));
  const tooLarge = () =>
    failure(413, "payload_too_large", `The body is larger than ${maxBytes} bytes.`);

  /** The body as JSON, or the response that refuses it. */
  const readJson = async (request: Request): Promise<{ value: unknown } | Response> => {
    const body = await readLimitedBody(request, maxBytes);
    if (body.tooLarge) return tooLarge();
    try {
      return { value: JSON.parse(body.text) as unknown };
    } catch {
      return failure(400, "bad_request", "The body must be JSON.");
    }
  };

  const handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const path = routePath(url.pathname, basePath);
    if (!path) return failure(404, "not_found", "There is no such route.");
    const allowed = ROUTE_METHODS[path.route];
    if (!allowed.includes(request.method)) {
      const message = `${request.method} is not allowed here.`;
      return failure(405, "method_not_allowed", message, {
        headers: { allow: allowed.join(", ") },
      });
    }
    // Refused on its word alone: nothing is read, nobody is asked.
    if (BODY_METHODS.has(request.method) && declaredTooLarge(request, maxBytes)) return tooLarge();
    const threadId = "threadId" in path ? path.threadId : undefined;
    if (threadId !== undefined && threadId.length > ID_LIMIT)
      return failure(400, "bad_request", `The thread id is longer than ${ID_LIMIT} characters.`);

    const user = await options.authorize(request, threadId);
    if (user instanceof Response) return user;
    if (!user) return failure(403, "forbidden", "This request is not allowed.");
    const owner = user.userId;

    switch (path.route) {
      case "threads": {
        if (request.method === "GET") {
          const cursor = url.searchParams.get("cursor") ?? undefined;
          const limitText = url.searchParams.get("limit");
          const limit = limitText === null ? undefined : Number(limitText);
          if (
            limit !== undefined &&
            !(Number.isInteger(limit) && limit >= 1 && limit <= MAX_PAGE_SIZE)
          )
            return failure(400, "bad_request", `\`limit\` must be 1 to ${MAX_PAGE_SIZE}.`);
          const page = await store.listThreads(owner, { cursor, limit });
          return json({ ...page, threads: page.threads.map(threadJson) });
        }
        const body = await readJson(request);
        if (body instanceof Response) return body;
        const { messages, errors } = validateMessages([
          (body.value as { firstMessage?: unknown } | null)?.firstMessage,
        ]);
        const firstMessage = messages[0];
        if (errors.length || firstMessage?.role !== "user") {
          const error = "The body must be `{ firstMessage }` with a valid user message.";
          return failure(400, "bad_request", error, { issues: issuesOf(errors, "firstMessage") });
        }
        const thread = await store.createThread(owner, {
          title: threadTitle(firstMessage as UserMessage),
          messages: [firstMessage],
        });
        // A fresh random id cannot be another user's.
        return json(threadJson(thread!), 201);
      }

      case "thread": {
        const { threadId } = path;
        if (request.method === "GET") {
          const thread = await store.getThread(owner, threadId);
          return thread ? json(threadJson(thread)) : notFound(threadId);
        }
        if (request.method === "DELETE") {
          const deleted = await store.deleteThread(owner, threadId);
          return deleted ? new Response(null, { status: 204 }) : notFound(threadId);
        }
        const body = await readJson(request);
        if (body instanceof Response) return body;
        const title = (body.value as { title?: unknown } | null)?.title;
        if (typeof title !== "string" || title.trim() === "")
          return failure(
            400,
            "bad_request",
            "The body must be `{ title }` with a non-empty title.",
          );
        if (title.length > TITLE_LIMIT)
          return failure(400, "bad_request", `The title is longer than ${TITLE_LIMIT} characters.`);
        const thread = await store.renameThread(owner, threadId, title.trim());
        return thread ? json(threadJson(thread)) : notFound(threadId);
      }

      case "messages": {
        const branch = await store.loadActiveBranch(owner, path.threadId);
        return branch ? json(branch.messages) : notFound(path.threadId);
      }

      case "tree": {
        const tree = await store.loadThread(owner, path.threadId);
        if (!tree) return notFound(path.threadId);
        const { errors, ...loaded } = tree;
        return json(errors.length ? tree : loaded);
      }

      case "message": {
        const { threadId, messageId } = path;
        if (messageId.length > ID_LIMIT)
          return failure(
            400,
            "bad_request",
            `The message id is longer than ${ID_LIMIT} characters.`,
          );
        const body = await readJson(request);
        if (body instanceof Response) return body;
        const { messages, errors } = validateMessages([body.value]);
        const message: Message | undefined = messages[0];
        if (errors.length || !message) {
          const error = "The body must be a valid message.";
          return failure(400, "bad_request", error, { issues: issuesOf(errors, "message") });
        }
        if (message.id !== messageId)
          return failure(400, "bad_request", "The message's id is not the one in the path.");
        const saved = await store.upsertMessage(owner, threadId, message);
        return saved ? new Response(null, { status: 204 }) : notFound(threadId);
      }

      case "activeLeaf": {
        const { threadId } = path;
        const body = await readJson(request);
        if (body instanceof Response) return body;
        const leafId = (body.value as { activeLeafId?: unknown } | null)?.activeLeafId;
        if (typeof leafId !== "string" || leafId === "" || leafId.length > ID_LIMIT)
          return failure(
            400,
            "bad_request",
            "The body must be `{ activeLeafId }` with a message id.",
          );
        const saved = await store.setActiveLeaf(owner, threadId, leafId);
        return saved
          ? new Response(null, { status: 204 })
          : failure(404, "not_found", `Thread ${threadId} has no message ${leafId}.`);
      }
    }
  };

  return async (request) => {
    try {
      return await handle(request);
    } catch (error) {
      if (error instanceof InvalidCursorError) return failure(400, "bad_request", error.message);
      // The store has logged the outage (once); the client may retry.
      if (error instanceof DatabaseUnavailableError)
        return failure(
          503,
          "database_unavailable",
          "The thread database is unavailable. Try again in a moment.",
          { headers: { "retry-after": "1" } },
        );
      log("A thread route failed:", error);
      return failure(500, "internal_error", "The thread store failed.");
    }
  };
}
