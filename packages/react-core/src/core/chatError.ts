import type { MalformedMessageError, StreamErrorCode, StreamErrorEvent } from "@crayonai/stream";

/**
 * Why a chat action failed. Stream failures keep the stream's code (`http_error`, `network`,
 * `malformed_event`, …); the rest name the action.
 */
export type ChatErrorCode =
  | StreamErrorCode
  /** A reply is already streaming in this thread; send again when it ends, or stop it. */
  | "thread_busy"
  | "create_thread_failed"
  | "load_failed"
  | "list_failed"
  | "update_failed"
  | "delete_failed"
  /** `processMessage` threw before returning a response. */
  | "process_failed"
  /**
   * The reply's connection dropped and, reopening it, the server said it is no longer running
   * (it finished or ended elsewhere): the stored thread is loaded instead.
   */
  | "reply_moved"
  /** There is nothing to retry, respond to, edit or switch to. */
  | "invalid_action";

/** A typed error from a chat action. Nothing is dropped when one happens: partial content stays. */
export class ChatError extends Error {
  override readonly name = "ChatError";
  /** What failed. */
  readonly code: ChatErrorCode;
  /** The HTTP status, for `http_error` and `unexpected_content_type`. */
  readonly status?: number;

  constructor(
    code: ChatErrorCode,
    message: string,
    options?: { status?: number; cause?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    if (options?.status !== undefined) this.status = options.status;
  }

  /** The error a stream `error` event stands for. */
  static fromStreamEvent(event: StreamErrorEvent): ChatError {
    return new ChatError(event.code ?? "server_error", event.error, { status: event.status });
  }

  /** The error for messages `validateMessages` left out or repaired (e.g. in a loaded thread). */
  static fromMalformedMessages(errors: readonly MalformedMessageError[]): ChatError {
    const [first] = errors;
    const where = first
      ? `message ${first.index}${first.path ? ` (${first.path})` : ""}: ${first.message}`
      : "";
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
    return new ChatError("malformed_message", `Some messages were not valid: ${where}${more}.`, {
      cause: errors,
    });
  }

  /** Wraps anything thrown by a callback. */
  static from(code: ChatErrorCode, error: unknown): ChatError {
    if (error instanceof ChatError) return error;
    const message = error instanceof Error ? error.message : String(error);
    return new ChatError(code, message, { cause: error });
  }
}
