import type { BranchInfo } from "@crayonai/react-core";
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
  return (
    <div className="crayon-branch-picker">
      <button
        type="button"
        className="crayon-icon-button"
        aria-label="Previous version"
        disabled={index <= 0}
        onClick={() => onSwitch(messageId, index - 1)}
      >
        <ChevronLeftIcon />
      </button>
      <span className="crayon-branch-picker__position">
        <span className="crayon-visually-hidden">Version </span>
        {index + 1} / {count}
      </span>
      <button
        type="button"
        className="crayon-icon-button"
        aria-label="Next version"
        disabled={index >= count - 1}
        onClick={() => onSwitch(messageId, index + 1)}
      >
        <ChevronIcon />
      </button>
    </div>
  );
}
