/**
 * A plus sign drawn as SVG (the "New chat" button's icon): a text glyph such as `＋` is missing
 * from many system fonts and shows as a box. Decorative: the button carries the label.
 */
export function PlusIcon() {
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
      <path d="M8 3v10M3 8h10" />
    </svg>
  );
}
