import type { ChatDebugEventType } from "@crayonai/react-core";
import { memo } from "react";
import type { InspectedReply } from "./inspectorLog";

/**
 * The rows a list shows at first (the newest): the list changes twice a second while a reply
 * streams, and each new row is laid out. More show when the user asks for them.
 */
export const FIRST_ROWS = 20;
/** How many older rows each "Show older" adds. */
export const MORE_ROWS = 100;
/** How long a data excerpt in a row may be. */
const EXCERPT = 240;

const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text);

type Row = { key: number; at: number; name: string; data: string; error?: boolean };

/**
 * The newest `max` rows of one list (wire frames or Crayon events) of a reply, filtered by
 * `search`, oldest first.
 */
export function rowsOf(
  reply: InspectedReply,
  type: "wire" | "event",
  search: string,
  max = FIRST_ROWS,
): Row[] {
  const rows: Row[] = [];
  const events = reply.events;
  const needle = search.toLowerCase();
  // From the newest back, until enough rows match: a long reply costs only what is shown.
  for (let i = events.length - 1; i >= 0 && rows.length < max; i--) {
    const event = events[i]!;
    let row: Row | undefined;
    if (event.type === "wire" && type === "wire") {
      const { frame } = event;
      const name = frame.kind === "sse" ? (frame.event ?? "message") : frame.kind;
      row = { key: i, at: event.at, name, data: frame.data };
    } else if (event.type === "event" && type === "event") {
      const { type: name, ...rest } = event.event;
      row = { key: i, at: event.at, name, data: JSON.stringify(rest), error: name === "error" };
    }
    if (!row) continue;
    if (needle && !`${row.name} ${row.data}`.toLowerCase().includes(needle)) continue;
    rows.push(row);
  }
  return rows.reverse();
}

/** How many events of `type` the reply has. */
export function countOf(reply: InspectedReply, type: ChatDebugEventType): number {
  let count = 0;
  for (const event of reply.events) if (event.type === type) count++;
  return count;
}

/** One row of a list; memoised, so a list that grows renders only its new rows. */
const RowItem = memo(function RowItem({
  at,
  name,
  data,
  error,
}: Omit<Row, "key"> & { at: number }) {
  return (
    <li>
      <span className="ci-time">+{at} ms</span>
      <span>
        <span className={error ? "ci-name ci-name--error" : "ci-name"}>{name}</span>{" "}
        <span className="ci-data">{excerpt(data)}</span>
      </span>
    </li>
  );
});

/**
 * A list's rows, or why it has none; says so when the rows shown are not all, and offers the
 * older ones (`onShowOlder`) when there are more to show.
 */
export function RowList({
  rows,
  total,
  start,
  label,
  onShowOlder,
}: {
  rows: Row[];
  total: number;
  start: number;
  label: string;
  onShowOlder?: () => void;
}) {
  return (
    <>
      {rows.length < total && (
        <p className="ci-muted">
          The newest {rows.length} of {total} shown.{" "}
          {onShowOlder && (
            <button type="button" className="ci-button" onClick={onShowOlder}>
              Show {Math.min(MORE_ROWS, total - rows.length)} older
            </button>
          )}
        </p>
      )}
      {rows.length === 0 ? (
        <p className="ci-empty">Nothing {total ? "matches" : "yet"}.</p>
      ) : (
        // Focusable so that a keyboard user can scroll a long list.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
        <ol className="ci-rows" aria-label={label} tabIndex={0}>
          {rows.map((row) => (
            <RowItem
              key={row.key}
              at={row.at - start}
              name={row.name}
              data={row.data}
              {...(row.error && { error: true })}
            />
          ))}
        </ol>
      )}
    </>
  );
}
