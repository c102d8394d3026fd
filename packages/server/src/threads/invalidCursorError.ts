/** A `cursor` that is not a `nextCursor` the thread list returned (answered with 400). */
export class InvalidCursorError extends Error {
  /** Always `"invalid_cursor"`. */
  readonly code = "invalid_cursor" as const;

  constructor() {
    super("`cursor` must be a `nextCursor` from a previous page.");
    this.name = "InvalidCursorError";
  }
}
