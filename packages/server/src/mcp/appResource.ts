import type { ReadResourceResult } from "@modelcontextprotocol/client";
import { McpAppsError } from "./mcpAppsError";
import { isMcpAppMimeType, isRecord, MCP_APP_MIME_TYPE, resourceUi } from "./uiMeta";

/** An MCP App's HTML as `POST {base}/resources/read` returns it: one content, checked. */
export type McpAppResource = {
  contents: [
    {
      uri: string;
      mimeType: typeof MCP_APP_MIME_TYPE;
      text?: string;
      blob?: string;
      _meta?: { ui: ReturnType<typeof resourceUi> };
    },
  ];
};

/** The bytes a base64 string decodes to. */
function base64Bytes(blob: string): number {
  const padding = blob.endsWith("==") ? 2 : blob.endsWith("=") ? 1 : 0;
  return Math.floor((blob.length * 3) / 4) - padding;
}

/**
 * The app's HTML from what `resources/read` of `uri` returned: its content of that URI (or its
 * only one), which must be `text/html;profile=mcp-app` and at most `maxBytes`, with its
 * `_meta.ui` kept only where well-formed. Anything else the result holds is dropped.
 */
export function appResource(
  result: ReadResourceResult,
  uri: string,
  maxBytes: number,
): McpAppResource {
  // Checked as the untrusted JSON it is, whatever the SDK's types say.
  const listed: unknown = result?.contents;
  const contents = Array.isArray(listed) ? listed.filter(isRecord) : [];
  const content =
    contents.find((item) => item.uri === uri) ?? (contents.length === 1 ? contents[0] : undefined);
  if (!content) throw new McpAppsError("server_error", `${uri} came back without its content.`);
  if (!isMcpAppMimeType(content.mimeType)) {
    const type = typeof content.mimeType === "string" ? content.mimeType.slice(0, 100) : "none";
    throw new McpAppsError(
      "resource_wrong_type",
      `${uri} is ${type}, not ${MCP_APP_MIME_TYPE}: it is not an MCP App.`,
    );
  }
  const text = typeof content.text === "string" ? content.text : undefined;
  const blob = typeof content.blob === "string" ? content.blob : undefined;
  if (text === undefined && blob === undefined)
    throw new McpAppsError("server_error", `${uri} came back without text or blob.`);
  const size = text !== undefined ? Buffer.byteLength(text, "utf8") : base64Bytes(blob!);
  if (size > maxBytes)
    throw new McpAppsError(
      "resource_too_large",
      `${uri} is ${size} bytes, more than the ${maxBytes} allowed.`,
    );
  const ui = resourceUi(content._meta);
  return {
    contents: [
      {
        uri,
        mimeType: MCP_APP_MIME_TYPE,
        ...(text !== undefined ? { text } : { blob: blob! }),
        ...(ui && { _meta: { ui } }),
      },
    ],
  };
}
