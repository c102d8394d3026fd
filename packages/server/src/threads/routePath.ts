/** Which thread route a path names (below the routes' base path). */
export type RoutePath =
  | { route: "threads" }
  | { route: "thread"; threadId: string }
  | { route: "messages"; threadId: string }
  | { route: "message"; threadId: string; messageId: string }
  | { route: "tree"; threadId: string }
  | { route: "activeLeaf"; threadId: string };

/** The methods each route answers (the `Allow` of a 405). */
export const ROUTE_METHODS: Record<RoutePath["route"], readonly string[]> = {
  threads: ["GET", "POST"],
  thread: ["GET", "PATCH", "PUT", "DELETE"],
  messages: ["GET"],
  message: ["PUT"],
  tree: ["GET"],
  activeLeaf: ["PUT"],
};

/**
 * The route of `pathname` under `basePath` (`/api/threads`, `/api/threads/:id`,
 * `/api/threads/:id/messages`, …), ids URL-decoded; undefined when it names none.
 */
export function routePath(pathname: string, basePath: string): RoutePath | undefined {
  const base = basePath.replace(/\/+$/, "");
  if (pathname !== base && !pathname.startsWith(`${base}/`)) return undefined;
  const rest = pathname.slice(base.length).replace(/^\//, "").replace(/\/+$/, "");
  let parts: string[];
  try {
    parts = rest === "" ? [] : rest.split("/").map(decodeURIComponent);
  } catch {
    return undefined;
  }
  const [threadId, section, messageId, ...more] = parts;
  if (more.length > 0 || parts.some((part) => part === "")) return undefined;
  if (threadId === undefined) return { route: "threads" };
  if (section === undefined) return { route: "thread", threadId };
  if (section === "messages")
    return messageId === undefined
      ? { route: "messages", threadId }
      : { route: "message", threadId, messageId };
  if (messageId !== undefined) return undefined;
  if (section === "tree") return { route: "tree", threadId };
  if (section === "active-leaf") return { route: "activeLeaf", threadId };
  return undefined;
}
