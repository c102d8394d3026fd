import type { createRateLimit } from "./appMessages";
import type { AppResource } from "./appResource";

/** The frame's height before the app reports its own. */
export const FIRST_HEIGHT = 160;

// Kept across a card's unmounting (a windowed list dropping its row, a thread switch), by
// endpoint and tool call: the interface read once, the frame's last height so it comes back
// at that size, and the app's message allowance so unmounting does not renew it.

/** The interfaces read, by endpoint, server, URI and size limit. */
export const resources = new Map<string, Promise<AppResource>>();
/** The frames' last heights, by tool call. */
export const lastHeights = new Map<string, number>();
/** The apps' message allowances, by tool call. */
export const messageLimits = new Map<string, ReturnType<typeof createRateLimit>>();

/** Sets `key` as the newest entry of `map`, dropping the oldest past `max`. */
export function remember<V>(map: Map<string, V>, key: string, value: V, max: number): V {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
  return value;
}
