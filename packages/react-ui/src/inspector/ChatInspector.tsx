import {
  type ChatDebugChannel,
  type ChatDebugEvent,
  type ChatDebugEventType,
  chatDebugChannel,
  replyFixture,
} from "@crayonai/react-core";
import {
  memo,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { type InspectedReply, InspectorLog } from "./inspectorLog";
import { inspectorStyles } from "./inspectorStyles";

/** Props of {@link ChatInspector}. */
export type ChatInspectorProps = {
  /** The chat to inspect: a `useChat` result or a `createChat` engine. */
  chat: Parameters<typeof chatDebugChannel>[0];
  /** How many replies are kept (the oldest go first). Default 20. */
  maxReplies?: number;
  /** Light or dark. Default `"light"`. */
  theme?: "light" | "dark";
  /** A class for the panel's root. */
  className?: string;
  /**
   * Receives the JSON of a fixture when "Copy as fixture" is pressed. Default: written to the
   * clipboard (shown in a text box to copy by hand when the clipboard refuses).
   */
  onCopyFixture?: (json: string) => void | Promise<void>;
};

/** The kinds of rows the filter shows or hides. */
const FILTERS = ["request", "response", "wire", "event", "resume", "error", "messages"] as const;
type Filter = (typeof FILTERS)[number];

const FILTER_LABELS: Record<Filter, string> = {
  request: "Request",
  response: "Response",
  wire: "Wire",
  event: "Crayon events",
  resume: "Resumes",
  error: "Errors",
  messages: "Messages",
};

/** The two lists shown side by side: the wire, and the model's events. */
const STREAM_LISTS = [
  { type: "wire", title: "Wire frames", label: "Wire frames" },
  { type: "event", title: "Crayon events", label: "Crayon events" },
] as const;

/** The rows of a long reply shown per list (the newest): the rest are counted. */
const MAX_ROWS = 400;
/**
 * While a reply streams, fewer: the lists change several times a second, and each new row is
 * laid out. The whole 400 show once it ends.
 */
const STREAMING_ROWS = 40;
/** How long a data excerpt in a row may be. */
const EXCERPT = 240;

const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text);
const json = (value: unknown) => JSON.stringify(value, null, 2);

/** A body as text, indented when it is JSON. */
function bodyText(body: string): string {
  try {
    return json(JSON.parse(body));
  } catch {
    return body;
  }
}

type Row = { key: number; at: number; name: string; data: string; error?: boolean };

/** The rows of one list (wire frames or Crayon events) of a reply, filtered by `search`. */
function rowsOf(reply: InspectedReply, type: "wire" | "event", search: string): Row[] {
  const rows: Row[] = [];
  const max = reply.outcome ? MAX_ROWS : STREAMING_ROWS;
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

function countOf(reply: InspectedReply, type: ChatDebugEventType): number {
  let count = 0;
  for (const event of reply.events) if (event.type === type) count++;
  return count;
}

/** Text that scrolls when long: a tab stop, as the lists are, so a keyboard can scroll it. */
function TextBlock({ children }: { children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
    <pre className="ci-pre" tabIndex={0}>
      {children}
    </pre>
  );
}

/** `value` as indented JSON; memoised, so an unchanged value is not serialised again. */
const JsonBlock = memo(function JsonBlock({ value }: { value: unknown }) {
  return <TextBlock>{json(value)}</TextBlock>;
});

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

function RowList({
  rows,
  total,
  start,
  label,
}: {
  rows: Row[];
  total: number;
  start: number;
  label: string;
}) {
  return (
    <>
      {rows.length < total && (
        <p className="ci-muted">
          The newest {rows.length} of {total} shown.
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

function Section({ title, children, bad }: { title: string; children: ReactNode; bad?: boolean }) {
  const id = useId();
  return (
    <section className={bad ? "ci-section ci-section--bad" : "ci-section"} aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

function Headers({ headers }: { headers: Record<string, string> }) {
  const entries = Object.entries(headers);
  if (!entries.length) return <p className="ci-muted">No headers.</p>;
  return (
    <dl className="ci-kv">
      {entries.map(([name, value]) => (
        <div key={name} style={{ display: "contents" }}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ReplyDetails({
  reply,
  shown,
  search,
}: {
  reply: InspectedReply;
  shown: Record<Filter, boolean>;
  search: string;
}) {
  let start: Extract<ChatDebugEvent, { type: "reply-start" }> | undefined;
  let end: Extract<ChatDebugEvent, { type: "reply-end" }> | undefined;
  let request: Extract<ChatDebugEvent, { type: "request" }> | undefined;
  let response: Extract<ChatDebugEvent, { type: "response" }> | undefined;
  const resumes: Extract<ChatDebugEvent, { type: "resume" }>[] = [];
  const errors: Extract<ChatDebugEvent, { type: "error" }>[] = [];
  for (const event of reply.events) {
    if (event.type === "reply-start") start = event;
    else if (event.type === "reply-end") end = event;
    else if (event.type === "request") request = event;
    else if (event.type === "response") response ??= event;
    else if (event.type === "resume") resumes.push(event);
    else if (event.type === "error") errors.push(event);
  }
  const t0 = reply.startedAt;
  const before = start?.messages ?? [];
  const after = end?.reply;

  return (
    <>
      {(shown.request || shown.response) && (
        <div className="ci-grid">
          {shown.request && (
            <Section title="Request">
              {request ? (
                <>
                  <p className="ci-data">
                    <strong>{request.request.method}</strong> {request.request.url}
                  </p>
                  <Headers headers={request.request.headers} />
                  {request.request.body !== undefined && (
                    <TextBlock>{bodyText(request.request.body)}</TextBlock>
                  )}
                </>
              ) : start?.request ? (
                <>
                  <p className="ci-muted">
                    The backend did not report its HTTP request (see ChatRequest.traceRequest). What
                    processMessage received:
                  </p>
                  <JsonBlock value={start.request} />
                </>
              ) : (
                <p className="ci-muted">A reply followed after the thread loaded: no request.</p>
              )}
            </Section>
          )}
          {shown.response && (
            <Section title="Response">
              {response ? (
                <>
                  <p>
                    <strong>
                      {response.response.status} {response.response.statusText}
                    </strong>{" "}
                    <span className="ci-muted">{response.response.url}</span>
                  </p>
                  <Headers headers={response.response.headers} />
                </>
              ) : (
                <p className="ci-muted">No response yet.</p>
              )}
            </Section>
          )}
        </div>
      )}
      {shown.error && errors.length > 0 && (
        <Section title="Error" bad>
          {errors.map((error) => (
            <div key={error.at}>
              <p>
                <strong className="ci-name--error">{error.code}</strong> {error.message}
              </p>
              {error.event && <TextBlock>Caused by: {json(error.event)}</TextBlock>}
            </div>
          ))}
        </Section>
      )}
      {shown.resume && resumes.length > 0 && (
        <Section title="Resume attempts">
          <ol className="ci-rows">
            {resumes.map((resume) => (
              <li key={resume.attempt}>
                <span className="ci-time">+{resume.at - t0} ms</span>
                <span>
                  #{resume.attempt} from character {resume.position}:{" "}
                  {resume.error ?? (resume.status === null ? "no reply running" : resume.status)}
                </span>
              </li>
            ))}
          </ol>
        </Section>
      )}
      {(shown.wire || shown.event) && (
        <div className="ci-grid">
          {STREAM_LISTS.filter((list) => shown[list.type]).map(({ type, title, label }) => {
            const total = countOf(reply, type);
            return (
              <Section key={type} title={`${title} (${total})`}>
                <RowList
                  rows={rowsOf(reply, type, search)}
                  total={total}
                  start={t0}
                  label={label}
                />
              </Section>
            );
          })}
        </div>
      )}
      {shown.messages && (
        <div className="ci-grid">
          <Section title={`Messages before (${before.length})`}>
            <JsonBlock value={before} />
          </Section>
          <Section title="Reply after">
            {after ? <JsonBlock value={after} /> : <p className="ci-muted">Streaming…</p>}
          </Section>
        </div>
      )}
    </>
  );
}

/** The label of a reply in the reply picker. */
function replyLabel(reply: InspectedReply, index: number): string {
  const time = new Date(reply.startedAt).toLocaleTimeString();
  return `#${index + 1} ${time} · ${reply.outcome ?? "streaming"}`;
}

/**
 * A development panel that shows what a chat's replies did, reply by reply: the HTTP request
 * (secret headers redacted) and response, the raw wire frames as the adapter parsed them beside
 * the Crayon events they became (with times), resume attempts, the error with its `ChatError`
 * code and the event that caused it, and the messages before and after. Filter by kind, search,
 * pause, clear, and copy a reply as a JSON fixture for `replayFixture` of
 * `@crayonai/react-core/testing`. Works with every stream protocol. It records the replies that
 * start while it is mounted.
 *
 * Import it from `@crayonai/react-ui/inspector`: an app that does not import it downloads none
 * of it; keep it out of production builds (behind a toggle or `import.meta.env.DEV`).
 *
 * @example
 * ```tsx
 * import { ChatInspector } from "@crayonai/react-ui/inspector";
 *
 * const chat = useChat({ ...crayonBackend({ url: "/api/chat" }) });
 * return (
 *   <>
 *     <CrayonChat chat={chat} />
 *     {showInspector && <ChatInspector chat={chat} />}
 *   </>
 * );
 * ```
 */
export function ChatInspector({ chat, onCopyFixture, ...props }: ChatInspectorProps) {
  // A `useChat` result is a new object with every change of the chat: the panel depends on the
  // engine's channel only, so it renders when it has news, not with every token of the chat.
  const copy = useRef(onCopyFixture);
  copy.current = onCopyFixture;
  return <InspectorPanel channel={chatDebugChannel(chat)} copy={copy} {...props} />;
}

type InspectorPanelProps = Omit<ChatInspectorProps, "chat" | "onCopyFixture"> & {
  channel: ChatDebugChannel | undefined;
  copy: { readonly current: ChatInspectorProps["onCopyFixture"] };
};

const InspectorPanel = memo(function InspectorPanel({
  channel,
  copy,
  maxReplies = 20,
  theme = "light",
  className,
}: InspectorPanelProps) {
  const [log] = useState(() => new InspectorLog(maxReplies, 500));
  useEffect(() => (channel ? log.attach(channel) : undefined), [channel, log]);
  useSyncExternalStore(log.subscribe, log.getVersion, log.getVersion);

  const [selected, setSelected] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  const [shown, setShown] = useState<Record<Filter, boolean>>(
    () => Object.fromEntries(FILTERS.map((filter) => [filter, true])) as Record<Filter, boolean>,
  );
  const [notice, setNotice] = useState("");
  const [manualCopy, setManualCopy] = useState<string | null>(null);
  const ids = { search: useId(), reply: useId(), title: useId() };

  const { replies } = log;
  // Follows the newest reply until another one is picked. A streaming reply changes in place;
  // the log's version re-renders this.
  const reply = replies.find((r) => r.replyId === selected) ?? replies.at(-1);

  const copyFixture = async () => {
    if (!reply) return;
    let text: string;
    try {
      text = json(replyFixture(reply.events, reply.replyId));
    } catch (error) {
      setNotice(error instanceof Error ? error.message : String(error));
      return;
    }
    try {
      const onCopyFixture = copy.current;
      if (onCopyFixture) await onCopyFixture(text);
      else await navigator.clipboard.writeText(text);
      setManualCopy(null);
      setNotice("Fixture copied: pass it to replayFixture in a test.");
    } catch {
      setManualCopy(text);
      setNotice("The clipboard refused: copy the fixture from the text box.");
    }
  };

  return (
    <section
      className={className ? `crayon-inspector ${className}` : "crayon-inspector"}
      data-theme={theme}
      aria-labelledby={ids.title}
      data-testid="chat-inspector"
    >
      <style>{inspectorStyles}</style>
      <div className="ci-bar">
        <h2 id={ids.title}>Inspector</h2>
        <label htmlFor={ids.reply}>
          <span className="ci-muted">Reply</span>
          <select
            id={ids.reply}
            value={reply?.replyId ?? ""}
            onChange={(event) => setSelected(event.currentTarget.value)}
            disabled={!replies.length}
          >
            {replies.length === 0 && <option value="">No replies yet</option>}
            {replies.map((r, index) => (
              <option key={r.replyId} value={r.replyId}>
                {replyLabel(r, index)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="ci-button"
          aria-pressed={log.paused}
          onClick={() => log.setPaused(!log.paused)}
        >
          {log.paused ? "Resume" : "Pause"}
        </button>
        <button
          type="button"
          className="ci-button"
          onClick={() => {
            setSelected(null);
            setManualCopy(null);
            log.clear();
          }}
        >
          Clear
        </button>
        <button
          type="button"
          className="ci-button"
          disabled={!reply?.outcome}
          onClick={copyFixture}
        >
          Copy as fixture
        </button>
      </div>
      <div className="ci-bar">
        <label className="ci-search" htmlFor={ids.search}>
          <span className="ci-muted">Search</span>
          <input
            id={ids.search}
            type="search"
            value={search}
            placeholder="event name or data"
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
        </label>
      </div>
      <fieldset className="ci-filters">
        <legend>Show</legend>
        {FILTERS.map((filter) => (
          <label key={filter}>
            <input
              type="checkbox"
              checked={shown[filter]}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setShown((current) => ({ ...current, [filter]: checked }));
              }}
            />
            {FILTER_LABELS[filter]}
          </label>
        ))}
      </fieldset>
      <p className="ci-status" role="status">
        {notice}
      </p>
      {manualCopy !== null && (
        <textarea className="ci-fixture" readOnly value={manualCopy} aria-label="Fixture JSON" />
      )}
      {!channel ? (
        <p className="ci-empty">
          This chat has no engine to inspect (a hand-built manager): pass a useChat result.
        </p>
      ) : reply ? (
        <>
          <p className="ci-summary">
            <span className="ci-badge" data-outcome={reply.outcome ?? "streaming"}>
              {reply.outcome ?? "streaming"}
            </span>
            <span className="ci-muted">reply {reply.replyId}</span>
            <span className="ci-muted">thread {reply.threadId || "(new)"}</span>
          </p>
          <ReplyDetails reply={reply} shown={shown} search={search} />
        </>
      ) : (
        <p className="ci-empty">
          {log.paused
            ? "Paused."
            : "No reply yet: send a message. Replies that start while the inspector is open show here."}
        </p>
      )}
    </section>
  );
});
