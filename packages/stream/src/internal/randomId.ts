/**
 * An id for something a response names without an id of its own (a 0.6 template, an AI SDK
 * message sent without `messageId`): `<kind>-`, then random digits and the time in base 36.
 * Unique enough to keep one response's messages apart from another's; not a secret.
 */
export const randomId = (kind: string): string =>
  `${kind}-${Math.random().toString(36).slice(2, 10)}${Date.now().toString(36)}`;
