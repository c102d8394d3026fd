import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useReplyRunning } from "../internal/replyRunningContext";
import { useLocale } from "../locale/LocaleProvider";

/** Props of {@link MessageEditor}. */
export type MessageEditorProps = {
  /** The text the editor opens with. */
  initialText: string;
  /** Called with the edited text when the user saves. */
  onSave: (text: string) => void;
  /** Called when the user cancels; the message stays as it was. */
  onCancel: () => void;
};

/**
 * Edits the text of a sent message in place: Enter or Save sends the edit (Shift+Enter adds a
 * line), Escape or Cancel leaves the message unchanged.
 */
export function MessageEditor({ initialText, onSave, onCancel }: MessageEditorProps) {
  const [text, setText] = useState(initialText);
  const input = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const isRunning = useReplyRunning();
  const { messages } = useLocale();
  const canSave = text.trim().length > 0 && !isRunning;

  // The editor replaces the message the user chose to edit: typing starts there.
  useEffect(() => {
    const field = input.current;
    if (!field) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  }, []);

  const save = () => {
    if (canSave) onSave(text.trim());
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onCancel();
    } else if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    }
  };

  return (
    <form
      className="crayon-message-editor"
      onSubmit={onSubmit}
      aria-label={messages.conversation.editMessage}
    >
      <label className="crayon-visually-hidden" htmlFor={inputId}>
        {messages.conversation.editedMessage}
      </label>
      <textarea
        ref={input}
        id={inputId}
        className="crayon-message-editor__input"
        dir="auto"
        value={text}
        rows={Math.min(8, Math.max(2, text.split("\n").length))}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="crayon-message-editor__buttons">
        <button type="button" className="crayon-button crayon-button--secondary" onClick={onCancel}>
          {messages.common.cancel}
        </button>
        <button type="submit" className="crayon-button" disabled={!canSave}>
          {messages.common.save}
        </button>
      </div>
    </form>
  );
}
