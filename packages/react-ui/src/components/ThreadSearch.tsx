import type { Message } from "@crayonai/stream";
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { messagesMatching } from "../internal/search/threadSearch";
import { useLocale } from "../locale/LocaleProvider";
import { ArrowDownIcon, ArrowUpIcon, CloseIcon } from "./StrokeIcon";

/** Props of {@link ThreadSearch}. */
export type ThreadSearchProps = {
  /** The rows of the list, in order. */
  messages: readonly Message[];
  /** Shows the match: the row at `index` in `messages`, and `query` in it. */
  onReveal: (index: number, query: string) => void;
  /** The search closed (Escape or Close): the list drops its highlight. */
  onClose: () => void;
};

/**
 * Search in the thread: finds a word in any message (rows scrolled out of the list are not on
 * the page, so the browser's find cannot reach them), goes to each message that has it and
 * highlights it. Matching runs on the messages' text. Enter goes to the next match, Shift+Enter
 * to the previous one, Escape closes.
 */
export function ThreadSearch({ messages, onReveal, onClose }: ThreadSearchProps) {
  const [query, setQuery] = useState("");
  const [position, setPosition] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const {
    messages: { search },
    format,
  } = useLocale();
  const matches = useMemo(() => messagesMatching(messages, query), [messages, query]);
  const current = matches.length ? Math.min(position, matches.length - 1) : -1;
  const shown = current === -1 ? undefined : matches[current];

  useEffect(() => input.current?.focus(), []);
  // A new query starts at the newest match: the end of the thread is where the reader is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new query resets it
  useEffect(() => setPosition(Number.MAX_SAFE_INTEGER), [query]);
  useEffect(() => {
    if (shown !== undefined) onReveal(shown, query);
  }, [shown, query, onReveal]);

  const step = (by: number) => {
    if (!matches.length) return;
    setPosition((current + by + matches.length) % matches.length);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onClose();
    } else if (event.key === "Enter") {
      event.preventDefault();
      step(event.shiftKey ? -1 : 1);
    }
  };

  const none = matches.length === 0;
  const buttons = [
    { label: search.previous, icon: <ArrowUpIcon />, onClick: () => step(-1), disabled: none },
    { label: search.next, icon: <ArrowDownIcon />, onClick: () => step(1), disabled: none },
    { label: search.close, icon: <CloseIcon />, onClick: onClose, disabled: false },
  ];

  return (
    <search className="crayon-thread-search" onKeyDown={onKeyDown}>
      <input
        ref={input}
        type="search"
        className="crayon-thread-search__input"
        aria-label={search.label}
        aria-describedby={statusId}
        placeholder={search.label}
        dir="auto"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <span id={statusId} className="crayon-thread-search__status" role="status">
        {query.trim()
          ? matches.length
            ? search.position(format.count(current + 1), format.count(matches.length))
            : search.none
          : ""}
      </span>
      {buttons.map(({ label, icon, onClick, disabled }) => (
        <button
          key={label}
          type="button"
          className="crayon-thread-search__button"
          aria-label={label}
          title={label}
          disabled={disabled}
          onClick={onClick}
        >
          {icon}
        </button>
      ))}
    </search>
  );
}
