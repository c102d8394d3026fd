import { useId, useLayoutEffect, useRef, useState } from "react";
import { plural } from "../viewModel/format";
import type { TaskLogLineView } from "../viewModel/taskLog";

/** Props of {@link TaskLogView}. */
export type TaskLogViewProps = {
  /** The task's title: it names the log for assistive technology. */
  title: string;
  lines: readonly TaskLogLineView[];
};

/** How near the end (px) a reader counts as following the log. */
const FOLLOW_SLACK = 8;

/**
 * A task card's log drawer: a button that shows or hides the timestamped lines of what the
 * task's agent did. Open, it follows new lines as they stream in, unless the reader scrolled
 * up to read an earlier one.
 */
export function TaskLogView({ title, lines }: TaskLogViewProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const following = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new line is the reason to scroll
  useLayoutEffect(() => {
    const list = listRef.current;
    if (open && list && following.current) list.scrollTop = list.scrollHeight;
  }, [open, lines.length]);

  return (
    <div className="demo-task-log">
      <button
        type="button"
        className="demo-task-log__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <span className="demo-task-log__chevron" aria-hidden="true" />
        Log<span className="crayon-visually-hidden"> of {title}</span>{" "}
        <span className="demo-muted">({plural(lines.length, "line")})</span>
      </button>
      <ol
        id={listId}
        ref={listRef}
        className="demo-log demo-task-log__lines"
        aria-label={`${title} log`}
        // The list scrolls: keyboard users need to reach it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region
        tabIndex={0}
        hidden={!open}
        onScroll={(event) => {
          const list = event.currentTarget;
          following.current =
            list.scrollTop + list.clientHeight >= list.scrollHeight - FOLLOW_SLACK;
        }}
      >
        {lines.map((line, index) => (
          // Lines are appended (the oldest dropped past the limit), never reordered.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} data-level={line.level}>
            {line.time && <time dateTime={line.at}>{line.time}</time>}
            {line.level !== "info" && (
              <span className="demo-task-log__level">
                {line.level === "warn" ? "Warning" : "Error"}
              </span>
            )}
            <span>{line.message}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
