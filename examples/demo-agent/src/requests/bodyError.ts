/** One thing wrong with a request body: where (a dotted path) and what. */
export type BodyIssue = { path: string; message: string };

/** What a route answers (with status 400) for a body it cannot read. */
export type BodyError = { error: string; issues?: BodyIssue[] };

/** Whether a reader's result is a {@link BodyError}. */
export function isBodyError(value: unknown): value is BodyError {
  return typeof value === "object" && value !== null && "error" in value;
}

/**
 * A {@link BodyError} from schema issues (zod's shape: a path of keys and a message), each path
 * under `prefix`.
 */
export function schemaError(
  what: string,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix: readonly PropertyKey[] = [],
): BodyError {
  const listed = issues.map((issue) => ({
    path: [...prefix, ...issue.path].map(String).join(".") || "(body)",
    message: issue.message,
  }));
  const first = listed[0];
  return {
    error: `${what}${first ? `: ${first.path}: ${first.message}` : "."}`,
    issues: listed,
  };
}
