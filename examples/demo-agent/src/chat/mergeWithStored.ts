import type { Message, MessageFormatConverter } from "@crayonai/stream";

/** JSON with sorted keys, so two equal messages compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  );
}

/**
 * The Crayon thread a request in another message format stands for: the stored thread for as
 * long as the request repeats it (compared in the protocol's own format), then the rest of the
 * request read with `converter.fromExternal`.
 *
 * A protocol's messages carry less than Crayon's (no statuses or hidden flags, no reasoning or
 * activities over OpenAI, ids of their own), so reading the whole request back would lose what
 * the store kept of earlier replies. Regenerating or editing sends a shorter or different
 * thread, so only what still matches is kept. `toExternal` runs once per stored prefix; demo
 * threads are short enough for that.
 */
export function mergeWithStored<T>(
  stored: readonly Message[],
  sent: readonly T[],
  converter: MessageFormatConverter<T>,
): Message[] {
  const sentJSON = sent.map(canonical);
  const externalOf = (kept: number) => converter.toExternal(stored.slice(0, kept)).map(canonical);
  const repeats = (external: string[]) =>
    external.length <= sent.length && external.every((json, index) => json === sentJSON[index]);
  for (let kept = stored.length; kept > 0; kept--) {
    const external = externalOf(kept);
    if (!repeats(external)) continue;
    // Messages the protocol does not carry (reasoning over OpenAI) that end the match belong to
    // a reply the request no longer has (it regenerates it).
    const matched = JSON.stringify(external);
    while (kept > 0 && JSON.stringify(externalOf(kept - 1)) === matched) kept--;
    return [...stored.slice(0, kept), ...converter.fromExternal(sent.slice(external.length))];
  }
  return converter.fromExternal([...sent]);
}
