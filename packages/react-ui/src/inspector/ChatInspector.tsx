import { type ChatDebugChannel, chatDebugChannel, replyFixture } from "@crayonai/react-core";
import { memo, useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { type InspectedReply, InspectorLog } from "./inspectorLog";
import { inspectorStyles } from "./inspectorStyles";
import { ReplyDetails } from "./ReplyDetails";
import { FILTER_LABELS, FILTERS, type Filter } from "./rowFilters";
import { json } from "./textBlocks";

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
