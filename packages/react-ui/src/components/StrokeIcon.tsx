/**
 * A 16px line icon drawn as SVG. Text glyphs such as `＋` or `☰` are missing from many system
 * fonts and show as a box. Decorative: the button it sits in carries the label.
 */
function StrokeIcon({ path }: { path: string }) {
  return (
    <svg
      className="crayon-icon"
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
