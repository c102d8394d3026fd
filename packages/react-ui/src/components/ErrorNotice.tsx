import type { ChatError } from "@crayonai/react-core";

/** Props of {@link ErrorNotice}. */
export type ErrorNoticeProps = {
  error: ChatError;
  /** Shown as a Retry button when given. */
  onRetry?: () => void;
};

/** Why the last action failed, with a Retry button. */
export function ErrorNotice({ error, onRetry }: ErrorNoticeProps) {
  return (
    <div className="crayon-error" role="alert">
      <span className="crayon-error__text">{error.message || "Something went wrong."}</span>
      {onRetry && (
        <button type="button" className="crayon-button crayon-button--secondary" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}
