import type { CrayonStreamEvent, StreamErrorEvent } from "../events";
import type { Message } from "../message";

/** Options for {@link createMessageAccumulator}. */
export type MessageAccumulatorOptions = {
  /** The thread's messages before this response; they are never mutated. */
  messages?: readonly Message[];
  /**
   * The agent's shared state before this response; `state-delta` events patch it (it is never
   * mutated).
   */
  agentState?: unknown;
  /**
   * The history messages this response may continue, by id. When given, an event naming any
   * other history message (a server that reuses an id across requests) starts a message of its
   * own with a fresh id instead of reopening a finished one. `react-core` passes the message a
   * continuation request continues (the AI SDK's `messageId` after tool results or an
   * approval) or the reply it resumes. Default: every history message may be continued.
   */
  continues?: readonly string[];
  /** Makes ids for messages the protocol did not name. Defaults to `crypto.randomUUID()`. */
  generateId?: () => string;
  /**
   * The clock, in milliseconds, that a reasoning message's `durationMs` is measured with.
   * Defaults to `Date.now`.
   */
  now?: () => number;
  /**
   * Called when an event cannot be applied as sent: an event whose fields have the wrong types
   * (`malformed_event`; it is not applied at all), a JSON Patch that does not fit the document,
   * or a `messages-snapshot` holding invalid messages (`malformed_message`: repaired messages
   * are applied; one that cannot be kept stops the whole snapshot). The rest of the stream is
   * still applied.
   */
  onError?: (error: StreamErrorEvent) => void;
};

/**
 * Applies {@link CrayonStreamEvent}s to a message list.
 *
 * Built for streaming UIs: each event costs O(1) amortised (text is appended, never copied per
 * delta), and {@link MessageAccumulator.getMessages} returns a new array only when something
 * changed, in which only the changed messages are new objects. Messages that did not change keep
 * their identity, so memoised rows never re-render.
 */
export interface MessageAccumulator {
  /**
   * Applies one event, whole or not at all. Never throws, for any input: an event that is not
   * a valid {@link CrayonStreamEvent} is reported through `onError` and changes nothing.
   */
  apply(event: CrayonStreamEvent): void;
  /**
   * Ends the response: assistant messages still `streaming` become `complete` (or `stopped`
   * when `reason` is `"stopped"`), and reasoning stops thinking. Content is always kept.
   */
  finish(reason?: "complete" | "stopped"): void;
  /** The current messages: the same array as last time when nothing changed. */
  getMessages(): Message[];
  /**
   * The agent's shared state: `options.agentState` after the `state-snapshot` /
   * `state-delta` events so far (undefined if neither). The same value until one of those
   * events changes it.
   */
  getAgentState(): unknown;
}
