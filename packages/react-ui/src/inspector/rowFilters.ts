/** The kinds of rows the filter shows or hides. */
export const FILTERS = [
  "request",
  "response",
  "wire",
  "event",
  "resume",
  "error",
  "messages",
] as const;
/** One kind of rows the filter shows or hides. */
export type Filter = (typeof FILTERS)[number];

/** The filter's label of each kind. */
export const FILTER_LABELS: Record<Filter, string> = {
  request: "Request",
  response: "Response",
  wire: "Wire",
  event: "Crayon events",
  resume: "Resumes",
  error: "Errors",
  messages: "Messages",
};
