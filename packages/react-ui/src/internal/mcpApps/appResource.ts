import { McpAppError, postToRoute } from "./appErrors";

/** The one MIME type an MCP App's UI resource may have. */
export const APP_MIME_TYPE = "text/html;profile=mcp-app";

/** An app's UI, ready to load: its HTML and what its `_meta.ui` declares. */
export type AppResource = {
  html: string;
  /** `_meta.ui.csp` as the server sent it: untrusted, read with `declaredCsp`. */
  csp: Record<string, unknown> | undefined;
  prefersBorder: boolean | undefined;
};

/** Where to read a UI resource from. */
export type AppResourceRequest = {
  fetch: typeof fetch;
  /** The MCP App routes' base URL. */
  endpoint: string;
  threadId: string | null;
  server: string;
  uri: string;
  /** The largest HTML accepted, in bytes. */
  maxBytes: number;
};

const isRecord = (value: unknown): value is Record<string, any> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `text/html;profile=mcp-app`, however its parameters are spaced or cased. */
export function isAppMimeType(value: unknown): boolean {
  if (typeof value !== "string") return false;
  const [type, ...parameters] = value
    .toLowerCase()
    .split(";")
    .map((part) => part.trim());
  return type === "text/html" && parameters.includes("profile=mcp-app");
}

/** UTF-8 text of base64 data, or undefined when it is not base64. */
function decodeBase64(data: string): string | undefined {
  try {
    const binary = atob(data);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    return undefined;
  }
}

/** "64 kB", "5.2 MB". */
const readableSize = (bytes: number) =>
  bytes < 1_000_000 ? `${Math.ceil(bytes / 1000)} kB` : `${(bytes / 1_000_000).toFixed(1)} MB`;

/**
 * The app's UI from a `resources/read` result: the entry for `uri` (or the only one), checked to
 * be MCP App HTML within `maxBytes`. Throws an McpAppError saying what is wrong.
 */
export function appResourceFrom(result: unknown, uri: string, maxBytes: number): AppResource {
  const contents = isRecord(result) && Array.isArray(result.contents) ? result.contents : [];
  const content = contents.find((entry) => isRecord(entry) && entry.uri === uri) ?? contents[0];
  if (!isRecord(content)) {
    throw new McpAppError("resource_unavailable", `the server returned no content for ${uri}.`);
  }
  if (!isAppMimeType(content.mimeType)) {
    const type = typeof content.mimeType === "string" ? content.mimeType : "no type";
    throw new McpAppError("resource_not_app", `its interface is ${type}, not ${APP_MIME_TYPE}.`);
  }
  const html =
    typeof content.text === "string"
      ? content.text
      : typeof content.blob === "string"
        ? decodeBase64(content.blob)
        : undefined;
  if (html === undefined) {
    throw new McpAppError("resource_not_app", "its interface has no readable HTML.");
  }
  const size = new TextEncoder().encode(html).length;
  if (size > maxBytes) {
    throw new McpAppError(
      "resource_too_large",
      `its interface is ${readableSize(size)}, over the ${readableSize(maxBytes)} limit.`,
    );
  }
  // `meta` is how some server SDKs spell `_meta`.
  const ui = (content._meta ?? content.meta)?.ui;
  return {
    html,
    csp: isRecord(ui?.csp) ? ui.csp : undefined,
    prefersBorder: typeof ui?.prefersBorder === "boolean" ? ui.prefersBorder : undefined,
  };
}

/** Reads and checks an app's UI resource through the `resources/read` route. */
export async function readAppResource(request: AppResourceRequest): Promise<AppResource> {
  const { fetch: fetchImpl, endpoint, threadId, server, uri, maxBytes } = request;
  const result = await postToRoute(
    fetchImpl,
    `${endpoint}/resources/read`,
    { threadId, server, uri },
    "resource_unavailable",
  );
  return appResourceFrom(result, uri, maxBytes);
}
