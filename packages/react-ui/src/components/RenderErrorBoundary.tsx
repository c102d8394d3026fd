import { Component, type ReactNode } from "react";

/** Props of {@link RenderErrorBoundary}. */
type RenderErrorBoundaryProps = {
  /** Shown in place of `children` when they throw while rendering. */
  fallback: ReactNode;
  /** When this changes (a new version of the message), rendering is tried again. */
  resetKey: unknown;
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

  override componentDidCatch(error: unknown): void {
    this.setState({ failedFor: this.props.resetKey });
    console.error("Crayon: a part of the chat could not be displayed.", error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** A label for a value that should be a string but may be anything. */
const label = (value: unknown) =>
  typeof value === "string" && value ? value.slice(0, 80) : "unknown";

/** The compact notice a message row shows when it cannot be rendered. */
export function MessageRenderError({ role, id }: { role: unknown; id: unknown }) {
  return (
    <div className="crayon-render-error" role="note">
      This message could not be displayed{" "}
      <span className="crayon-render-error__detail">
        ({label(role)} message {label(id)})
      </span>
    </div>
  );
}
