/**
 * A 16px line icon drawn as SVG. Text glyphs such as `＋` or `☰` are missing from many system
 * fonts and show as a box. Decorative: the button it sits in carries the label. A `directional`
 * one (a chevron pointing the way text runs) is mirrored right to left (styles.css).
 */
function StrokeIcon({ path, directional }: { path: string; directional?: boolean }) {
  return (
    <svg
      className={directional ? "crayon-icon crayon-icon--directional" : "crayon-icon"}
      width="16"
      height="16"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}

/** A plus sign: the "New chat" button's icon. */
export const PlusIcon = () => <StrokeIcon path="M8 3v10M3 8h10" />;

/** Three lines: the "Conversations" toggle's icon. */
export const ConversationsIcon = () => <StrokeIcon path="M2.5 4h11M2.5 8h11M2.5 12h11" />;

/** Two sheets: a Copy button's icon. */
export const CopyIcon = () => (
  <StrokeIcon path="M5.5 5.5V3.5a1 1 0 0 1 1-1h6a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1h-2M3.5 5.5h6a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1h-6a1 1 0 0 1-1-1v-6a1 1 0 0 1 1-1Z" />
);

/** A tick: shown once something was copied. */
export const CheckIcon = () => <StrokeIcon path="M3 8.5l3.2 3L13 4.5" />;

/** A thumb up: "Good response". */
export const ThumbUpIcon = () => (
  <StrokeIcon path="M5 7v6.5M5 7l2.6-4.3a1.2 1.2 0 0 1 2.2.8L9.3 6.5h3a1.2 1.2 0 0 1 1.2 1.4l-.8 4.5a1.3 1.3 0 0 1-1.3 1.1H5M5 7H2.8v6.5H5" />
);

/** A thumb down: "Bad response". */
export const ThumbDownIcon = () => (
  <StrokeIcon path="M5 9V2.5M5 9l2.6 4.3a1.2 1.2 0 0 0 2.2-.8L9.3 9.5h3a1.2 1.2 0 0 0 1.2-1.4l-.8-4.5a1.3 1.3 0 0 0-1.3-1.1H5M5 9H2.8V2.5H5" />
);

/** An arrow down: "Scroll to latest message". */
export const ArrowDownIcon = () => <StrokeIcon path="M8 3v10M3.5 8.5 8 13l4.5-4.5" />;

/** A magnifying glass: "Search this conversation". */
export const SearchIcon = () => (
  <StrokeIcon path="M7 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10ZM10.6 10.6 14 14" />
);

/** An arrow up: the Send button's icon. */
export const SendIcon = () => <StrokeIcon path="M8 13V3M3.5 7.5 8 3l4.5 4.5" />;

/** An arrow pointing up (the Send button's): "Previous match". */
export const ArrowUpIcon = SendIcon;

/** A filled square: the Stop button's icon. */
export function StopIcon() {
  return (
    <svg
      className="crayon-icon"
      width="16"
      height="16"
      viewBox="0 0 16 16"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="4" y="4" width="8" height="8" rx="1.5" />
    </svg>
  );
}

/** A cross: Close and Delete buttons' icon. */
export const CloseIcon = () => <StrokeIcon path="M4 4l8 8M12 4l-8 8" />;

/** A speech bubble: the bottom tray's launcher. */
export const ChatBubbleIcon = () => (
  <StrokeIcon path="M3 4.5a1.5 1.5 0 0 1 1.5-1.5h7A1.5 1.5 0 0 1 13 4.5v5a1.5 1.5 0 0 1-1.5 1.5H7l-3 2.5V11h0a1 1 0 0 1-1-1Z" />
);

/** A chevron pointing forward: right, left right to left (turned down by CSS when its `<details>` is open). */
export const ChevronIcon = () => <StrokeIcon path="M6 3.5 10.5 8 6 12.5" directional />;

/** A paper clip: the "Attach files" button's icon. */
export const PaperclipIcon = () => (
  <StrokeIcon path="M13 7.5l-5.3 5.3a3.2 3.2 0 0 1-4.5-4.5l5.6-5.6a2.1 2.1 0 0 1 3 3L6.2 11.3a1 1 0 0 1-1.5-1.5L9.8 4.7" />
);

/** A document: a file attachment without a thumbnail. */
export const FileIcon = () => (
  <StrokeIcon path="M9 2H4.5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h7a1 1 0 0 0 1-1V5.5L9 2Zm0 0v3.5h3.5" />
);

/** A pencil: a Rename button's icon. */
export const PencilIcon = () => (
  <StrokeIcon path="M10.5 3 13 5.5 6 12.5l-3 .5.5-3L10.5 3Zm-1.5 1.5L11.5 7" />
);

/** A chevron pointing back (left; right, right to left): "Previous version". */
export const ChevronLeftIcon = () => <StrokeIcon path="M10 3.5 5.5 8l4.5 4.5" directional />;

/** Three dots in a row: a "More actions" menu button's icon (drawn as zero-length round strokes). */
export const MoreIcon = () => <StrokeIcon path="M3.5 8h0M8 8h0M12.5 8h0" />;
