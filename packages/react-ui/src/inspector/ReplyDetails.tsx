import type { ChatDebugEvent } from "@crayonai/react-core";
import { type ReactNode, useId, useState } from "react";
import { countOf, FIRST_ROWS, MORE_ROWS, RowList, rowsOf } from "./EventRows";
import type { InspectedReply } from "./inspectorLog";
import type { Filter } from "./rowFilters";
import { bodyText, JsonBlock, json, TextBlock } from "./textBlocks";

/** The two lists shown side by side: the wire, and the model's events. */
const STREAM_LISTS = [
  { type: "wire", title: "Wire frames", label: "Wire frames" },
  { type: "event", title: "Crayon events", label: "Crayon events" },
] as const;

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

/**
 * One of the stream lists: the newest rows, and older ones a hundred at a time on request
 * (while the reply streams, only the newest: the list changes twice a second).
 */
function StreamList({
  type,
  title,
  label,
  reply,
  search,
}: (typeof STREAM_LISTS)[number] & { reply: InspectedReply; search: string }) {
  const [max, setMax] = useState(FIRST_ROWS);
  const total = countOf(reply, type);
  const ended = reply.outcome !== undefined;
  const limit = ended ? max : FIRST_ROWS;
  const rows = rowsOf(reply, type, search, limit);
  // Offered while the limit, not the search, left rows out.
  const older = ended && rows.length === limit && rows.length < total;
  return (
    <Section title={`${title} (${total})`}>
      <RowList
        rows={rows}
        total={total}
        start={reply.startedAt}
        label={label}
        {...(older && { onShowOlder: () => setMax(limit + MORE_ROWS) })}
      />
    </Section>
  );
}

/** What one reply did: the sections of the kinds `shown` picks, its lists filtered by `search`. */
export function ReplyDetails({
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
          {STREAM_LISTS.filter((list) => shown[list.type]).map((list) => (
            // Keyed by reply too: another reply starts with the newest rows again.
            <StreamList
              key={`${reply.replyId} ${list.type}`}
              {...list}
              reply={reply}
              search={search}
            />
          ))}
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
