import type { SourceReference } from "@crayonai/stream";
import { createContext, useContext } from "react";
import { safeLinkUrl } from "../internal/safeUrl";
import { useLocale } from "../locale/LocaleProvider";

/** The sources of the reply being rendered: citation `[N]` refers to the N-th. */
export const SourcesContext = createContext<readonly SourceReference[] | undefined>(undefined);

/** What a source is called: its title, else its file name, address or id. */
function sourceTitle(source: SourceReference): string {
  return source.title ?? source.filename ?? source.url ?? source.id;
}

/** The site a web source is on, without `www.` ("developer.mozilla.org"). */
function siteOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return undefined;
  }
}

/**
 * A citation marker `[N]` in a reply: a small numbered link to the reply's N-th source, named
 * for screen readers by the source's title. Without such a source it stays the text `[N]`.
 */
export function Citation({ number }: { number: number }) {
  const source = useContext(SourcesContext)?.[number - 1];
  const { messages, format } = useLocale();
  if (!source) return <>[{number}]</>;
  const title = sourceTitle(source);
  const href = safeLinkUrl(source.url);
  const count = format.count(number);
  const label = messages.markdown.source(count, title);
  return href ? (
    <a
      className="crayon-citation"
      href={href}
      rel="noopener noreferrer"
      target="_blank"
      aria-label={label}
      title={title}
    >
      {count.text}
    </a>
  ) : (
    <span className="crayon-citation" role="note" aria-label={label} title={title}>
      {count.text}
    </span>
  );
}

/**
 * The sources a reply cites, as numbered cards (the numbers its `[N]` markers use): the title,
 * linked when it is a web page, and the site or file name under it.
 */
export function SourceCards({ sources }: { sources: readonly SourceReference[] }) {
  const { messages, format } = useLocale();
  return (
    <ol className="crayon-sources" aria-label={messages.markdown.sources}>
      {sources.map((source, index) => {
        const href = safeLinkUrl(source.url);
        const title = sourceTitle(source);
        const detail = siteOf(href) ?? (source.filename !== title ? source.filename : undefined);
        const body = (
          <>
            <span className="crayon-source__number" aria-hidden="true">
              {format.count(index + 1).text}
            </span>
            <span className="crayon-source__text">
              <span className="crayon-source__title">{title}</span>
              {detail && <span className="crayon-source__site">{detail}</span>}
            </span>
          </>
        );
        return (
          // Sources are numbered by place (the citations use the numbers), and ids from a
          // backend may repeat: the place is the identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className="crayon-source">
            {href ? (
              <a
                className="crayon-source__card"
                href={href}
                rel="noopener noreferrer"
                target="_blank"
              >
                {body}
              </a>
            ) : (
              <span className="crayon-source__card">{body}</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
