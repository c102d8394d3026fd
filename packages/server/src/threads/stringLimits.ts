// Limits on the strings the routes store as given, so no request can plant a huge one that
// every thread list then carries. (Bodies as a whole are capped by `maxMessageBytes`.)

/** Longest title a thread can be renamed to: one line in a sidebar. */
export const TITLE_LIMIT = 200;

/** Longest thread or message id a request can name: ids are UUIDs or similar. */
export const ID_LIMIT = 200;
