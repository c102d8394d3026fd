// Limits on the strings the store keeps as given, so no request can plant a huge one that every
// thread list then carries. (Bodies as a whole are capped by the app's body limit.)

/** Longest title a thread can be renamed to: one line in a sidebar. */
export const TITLE_LIMIT = 200;

/** Longest thread id a request can name: ids are UUIDs or similar. */
export const THREAD_ID_LIMIT = 200;
