/**
 * Reading the MCP Apps metadata (`_meta.ui`) a server sends: whatever it sends is untrusted, so
 * only well-formed fields are kept, and strings that end up in a Content-Security-Policy or an
 * iframe attribute are held to a strict shape.
 */

import type {
  McpAppCsp,
  McpAppPermissions,
  McpAppResourceUi,
  McpToolVisibility,
} from "@crayonai/stream";

export type {
  McpAppCsp,
  McpAppPermissions,
  McpAppResourceUi,
  McpToolVisibility,
} from "@crayonai/stream";

/** The MIME type of an MCP App's HTML resource. */
export const MCP_APP_MIME_TYPE = "text/html;profile=mcp-app";

/** The longest `ui://` URI kept. */
const MAX_URI_LENGTH = 2048;

/** The most origins kept per CSP directive. */
const MAX_DOMAINS = 32;

const CSP_KEYS = ["connectDomains", "resourceDomains", "frameDomains", "baseUriDomains"] as const;
const PERMISSION_KEYS = ["camera", "microphone", "geolocation", "clipboardWrite"] as const;

/**
 * A CSP source an app may name: a scheme, a host (a leading `*.` allowed), an optional port and
 * path. No quotes, spaces, semicolons or commas, so it cannot add a directive or a keyword such
 * as `'unsafe-eval'`.
 */
const CSP_SOURCE =
  /^(?:https?|wss?):\/\/(?:\*\.)?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*(?::\d{1,5})?(?:\/[A-Za-z0-9._~%!$&()*+=:@/-]*)?$/;

/** A dedicated origin's host name. */
const DOMAIN = /^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/;

/** A plain object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `value` when it is a `ui://` URI of sane length without spaces or control characters. */
export function uiResourceUri(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > MAX_URI_LENGTH) return undefined;
  if (!value.startsWith("ui://") || value.length === 5) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  return /[\s\u0000-\u001f\u007f]/.test(value) ? undefined : value;
}

/**
 * What a tool's `_meta` says about its interface: the `ui://` resource that shows it (from
 * `_meta.ui.resourceUri`, or the older flat `_meta["ui/resourceUri"]`) and who may call it.
 * Visibility defaults to both; an array keeps only the two known values, so a list of unknown
 * ones leaves a tool nobody may call.
 */
export function toolUi(meta: unknown): {
  resourceUri?: string;
  visibility: McpToolVisibility[];
} {
  const ui = isRecord(meta) && isRecord(meta.ui) ? meta.ui : undefined;
  const resourceUri =
    uiResourceUri(ui?.resourceUri) ??
    (isRecord(meta) ? uiResourceUri(meta["ui/resourceUri"]) : undefined);
  const declared = ui?.visibility;
  const visibility: McpToolVisibility[] = Array.isArray(declared)
    ? (["model", "app"] as const).filter((who) => declared.includes(who))
    : ["model", "app"];
  return { ...(resourceUri && { resourceUri }), visibility };
}

/** The well-formed origins of a CSP directive's list, or undefined when none is. */
function domains(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const kept = value
    .filter((entry): entry is string => typeof entry === "string" && CSP_SOURCE.test(entry))
    .slice(0, MAX_DOMAINS);
  return [...new Set(kept)];
}

/**
 * The well-formed part of a resource's `_meta.ui` (from `resources/read` or `resources/list`):
 * CSP origin lists whose entries are `scheme://host[:port][/path]`, the four known permissions,
 * a host-name `domain`, a boolean `prefersBorder`. Anything else is dropped; undefined when
 * nothing is left.
 */
export function resourceUi(meta: unknown): McpAppResourceUi | undefined {
  const ui = isRecord(meta) && isRecord(meta.ui) ? meta.ui : undefined;
  if (!ui) return undefined;
  const result: McpAppResourceUi = {};
  if (isRecord(ui.csp)) {
    const csp: McpAppCsp = {};
    for (const key of CSP_KEYS) {
      const list = domains((ui.csp as Record<string, unknown>)[key]);
      if (list) csp[key] = list;
    }
    result.csp = csp;
  }
  if (isRecord(ui.permissions)) {
    const permissions: McpAppPermissions = {};
    for (const key of PERMISSION_KEYS) {
      if (isRecord((ui.permissions as Record<string, unknown>)[key])) permissions[key] = {};
    }
    result.permissions = permissions;
  }
  if (typeof ui.domain === "string" && DOMAIN.test(ui.domain)) result.domain = ui.domain;
  if (typeof ui.prefersBorder === "boolean") result.prefersBorder = ui.prefersBorder;
  return Object.keys(result).length ? result : undefined;
}

/** `value` when it is a string, cut to `max` characters. */
export function boundedText(value: unknown, max: number): string | undefined {
  return typeof value === "string" ? value.slice(0, max) : undefined;
}

/** A MIME type compared without case, spaces or quotes around parameter values. */
export function isMcpAppMimeType(value: unknown): boolean {
  return (
    typeof value === "string" &&
    value.toLowerCase().replace(/\s+/g, "").replace(/"/g, "") === MCP_APP_MIME_TYPE
  );
}
