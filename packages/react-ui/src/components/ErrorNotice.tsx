import type { ChatError } from "@crayonai/react-core";
import { useLocale } from "../locale/LocaleProvider";

/** Props of {@link ErrorNotice}. */
export type ErrorNoticeProps = {
  error: ChatError;
  /** Shown as a Retry button when given. */
  onRetry?: () => void;
};

/** Why the last action failed, with a Retry button. */
export function ErrorNotice({ error, onRetry }: ErrorNoticeProps) {
  const { messages } = useLocale();
  return (
    <div className="crayon-error" role="alert">
      <span className="crayon-error__text">{error.message || messages.conversation.error}</span>
      {onRetry && (
        <button type="button" className="crayon-button crayon-button--secondary" onClick={onRetry}>
          {messages.common.retry}
        </button>
      )}
    </div>
  );
}
