import type { BranchInfo } from "@crayonai/react-core";
import { useLocale } from "../locale/LocaleProvider";
import { ChevronIcon, ChevronLeftIcon } from "./StrokeIcon";

/** Props of {@link BranchPicker}. */
export type BranchPickerProps = {
  /** The message whose alternatives are listed. */
  messageId: string;
  /** Its position among its alternatives. */
  branch: BranchInfo;
  /** Shows the alternative at `index`. */
  onSwitch: (messageId: string, index: number) => void;
};

/** `< 1 / 2 >`: moves between the alternative versions of a message (edits, regenerations). */
export function BranchPicker({ messageId, branch, onSwitch }: BranchPickerProps) {
  const { index, count } = branch;
  const { messages, format } = useLocale();
  const texts = messages.conversation;
  return (
    <div className="crayon-branch-picker">
      <button
        type="button"
        className="crayon-icon-button"
        aria-label={texts.previousVersion}
        disabled={index <= 0}
        onClick={() => onSwitch(messageId, index - 1)}
      >
        <ChevronLeftIcon />
      </button>
      <span className="crayon-branch-picker__position">
        <span className="crayon-visually-hidden">{texts.version} </span>
        {texts.versionPosition(format.count(index + 1), format.count(count))}
      </span>
      <button
        type="button"
        className="crayon-icon-button"
        aria-label={texts.nextVersion}
        disabled={index >= count - 1}
        onClick={() => onSwitch(messageId, index + 1)}
      >
        <ChevronIcon />
      </button>
    </div>
  );
}
