/** The id prefix the provider gives each kind of output item sent back under its id. */
const PREFIX = { message: "msg_", reasoning: "rs_" } as const;

/**
 * True for an id the provider gave an output item of this kind (`msg_…` for a message,
 * `rs_…` for reasoning): sent back under it, the provider matches the item to the one it made.
 * Any other id (one the client made) is not sent: the API refuses ids it did not issue.
 */
export function isProviderItemId(id: string, kind: keyof typeof PREFIX): boolean {
  const prefix = PREFIX[kind];
  return id.length > prefix.length && id.startsWith(prefix);
}
