import { Component, type ErrorInfo, type ReactNode } from "react";

/** Props of {@link RenderErrorBoundary}. */
type RenderErrorBoundaryProps = {
  /** Shown in place of `children` when they throw while rendering. */
  fallback: ReactNode;
  /** When this changes (a new version of the message), rendering is tried again. */
  resetKey: unknown;
  /** What failed, for the console report (e.g. `user message m1`). */
  what: string;
  children: ReactNode;
};

type State = { failedFor: unknown; failed: boolean };

/**
 * Contains a render error to one part of the chat (a message row, a custom renderer): that part
 * shows `fallback`, the rest keeps working. A streaming message that failed on one update is
 * rendered again on the next.
 */
export class RenderErrorBoundary extends Component<RenderErrorBoundaryProps, State> {
  override state: State = { failedFor: undefined, failed: false };
  // A streaming row can fail on every update: the console hears about it once.
  private reported = false;

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: RenderErrorBoundaryProps,
    state: State,
  ): Partial<State> | null {
    // A new message (or version of it) gets a fresh try.
    if (state.failed && state.failedFor !== props.resetKey && state.failedFor !== undefined)
      return { failed: false, failedFor: undefined };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.setState({ failedFor: this.props.resetKey });
    if (this.reported) return;
    this.reported = true;
    console.error(
      `Crayon: ${this.props.what} could not be displayed.`,
      error,
      info.componentStack ?? "",
    );
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** A label for a value that should be a string but may be anything. */
export const labelOf = (value: unknown): string =>
  typeof value === "string" && value ? value.slice(0, 80) : "unknown";

/**
 * The compact notice shown in place of a part of the chat that cannot be rendered: `what`
 * ("This message could not be displayed"), then which one.
 */
export function RenderErrorNotice({ what, detail }: { what: string; detail: string }) {
  return (
    <div className="crayon-render-error" role="note">
      {what} <span className="crayon-render-error__detail">({detail})</span>
    </div>
  );
}
