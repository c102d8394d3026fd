import type { AssistantMessage } from "@crayonai/stream";
import type { ReactNode } from "react";
import { safeLinkUrl } from "../internal/safeUrl";
import type { HostedToolItem } from "../internal/toolCalls/hostedToolItem";
import { enHostedTools } from "../locale/enHostedTools";
import { useLocale } from "../locale/LocaleProvider";
import { CodeBlock } from "./CodeBlock";
import { RemoteImage } from "./RemoteImage";

/** Props of {@link HostedToolUI}. */
export type HostedToolUIProps = {
  /** The item as the server last described it (see `hostedToolItem`). */
  item: HostedToolItem;
  /** The status of the reply carrying the call: one stopped or failed leaves a running item unfinished. */
  replyStatus: AssistantMessage["status"];
};

const FINISHED = new Set(["completed", "failed", "incomplete"]);

type Json = Record<string, any>;

const asRecord = (value: unknown): Json | undefined =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined;
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asText = (value: unknown): string | undefined =>
  typeof value === "string" && value ? value : undefined;

/** A base64 image as a `data:` URL, only when it is base64 and a raster format. */
function base64Image(data: unknown, format: unknown): string | undefined {
  if (typeof data !== "string" || !/^[A-Za-z0-9+/]+={0,2}$/.test(data)) return undefined;
  const type = format === "jpeg" || format === "webp" || format === "gif" ? format : "png";
  return `data:image/${type};base64,${data}`;
}

/** A link to a web page, or its text when the address is not a web URL. */
function WebLink({ url, children }: { url: unknown; children?: ReactNode }) {
  const href = safeLinkUrl(typeof url === "string" ? url : undefined);
  const text = children ?? (typeof url === "string" ? url : "");
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  ) : (
    <>{text}</>
  );
}

type HostedToolTexts = typeof enHostedTools;

/** The texts of these cards in the locale: its catalogue's, else English (loaded with them). */
function useTexts() {
  const { messages, format } = useLocale();
  const texts: HostedToolTexts = { ...enHostedTools, ...messages.hostedTools };
  return { texts, tools: messages.tools, format };
}

function Heading({ children }: { children: ReactNode }) {
  return <div className="crayon-tool-call__heading">{children}</div>;
}

/** The search, the page opened or the text found, and the pages the search read. */
/** The distinct text queries a search item ran, as a list under "Searched for". */
function SearchedFor({ queries }: { queries: readonly unknown[] }) {
  const { texts } = useTexts();
  const distinct = queries.filter(
    (query, index): query is string =>
      typeof query === "string" && queries.indexOf(query) === index,
  );
  if (distinct.length === 0) return null;
  return (
    <>
      <Heading>{texts.searchedFor}</Heading>
      <ul className="crayon-hosted-tool__list">
        {distinct.map((query) => (
          <li key={query}>{query}</li>
        ))}
      </ul>
    </>
  );
}

function WebSearchBody({ item }: { item: Json }) {
  const action = asRecord(item.action) ?? {};
  const queries = [action.query, ...asArray(action.queries)];
  const sources = asArray(action.sources).map(asRecord).filter(Boolean) as Json[];
  const { texts } = useTexts();
  return (
    <>
      <SearchedFor queries={queries} />
      {action.url !== undefined && (
        <>
          <Heading>
            {action.type === "find" ? texts.foundIn(String(action.pattern)) : texts.opened}
          </Heading>
          <WebLink url={action.url} />
        </>
      )}
      {sources.length > 0 && (
        <>
          <Heading>{texts.pagesRead}</Heading>
          <ul className="crayon-hosted-tool__list">
            {sources.map((source, index) => (
              // Sources have no identity but their place in the list the server gave.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index}>
                <WebLink url={source.url}>{asText(source.title)}</WebLink>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** The queries, and the files found with their scores (when the request included them). */
function FileSearchBody({ item }: { item: Json }) {
  const queries = asArray(item.queries);
  const results = asArray(item.results).map(asRecord).filter(Boolean) as Json[];
  const { texts, format } = useTexts();
  return (
    <>
      <SearchedFor queries={queries} />
      {results.length > 0 && (
        <>
          <Heading>{texts.found}</Heading>
          <ul className="crayon-hosted-tool__list">
            {results.map((result, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: results are identified by place
              <li key={index}>
                {asText(result.filename) ?? asText(result.file_id) ?? texts.file}
                {typeof result.score === "number" && (
                  <span className="crayon-hosted-tool__note">
                    {" · "}
                    {texts.score(
                      format.number(result.score, {
                        minimumFractionDigits: 2,
                        maximumFractionDigits: 2,
                      }),
                    )}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** The code as it streams, then its logs and images. */
function CodeInterpreterBody({ item }: { item: Json }) {
  const outputs = asArray(item.outputs).map(asRecord).filter(Boolean) as Json[];
  const { texts } = useTexts();
  return (
    <>
      {asText(item.code) && <CodeBlock code={item.code} language="python" />}
      {outputs.map((output, index) =>
        output.type === "logs" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: outputs are identified by place
          <pre key={index} className="crayon-tool-call__json">
            {String(output.logs ?? "")}
          </pre>
        ) : output.type === "image" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: outputs are identified by place
          <RemoteImage key={index} src={asText(output.url)} alt={texts.codeOutput} />
        ) : null,
      )}
    </>
  );
}

/** An MCP server's tool call (its arguments and output) or its list of tools. */
function McpBody({ item }: { item: Json }) {
  const tools = asArray(item.tools).map(asRecord).filter(Boolean) as Json[];
  const args = asText(item.arguments);
  const error =
    item.error == null ? undefined : String(asRecord(item.error)?.message ?? item.error);
  const { texts, tools: toolTexts } = useTexts();
  return (
    <>
      {args && (
        <>
          <Heading>{toolTexts.arguments}</Heading>
          <pre className="crayon-tool-call__json">{prettyJson(args)}</pre>
        </>
      )}
      {asText(item.output) && (
        <>
          <Heading>{texts.output}</Heading>
          <pre className="crayon-tool-call__json">{prettyJson(item.output)}</pre>
        </>
      )}
      {error && (
        <>
          <Heading>{toolTexts.error}</Heading>
          <pre className="crayon-tool-call__json">{error}</pre>
        </>
      )}
      {tools.length > 0 && (
        <>
          <Heading>{texts.tools}</Heading>
          <ul className="crayon-hosted-tool__list">
            {tools.map((tool, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: tools are identified by place
              <li key={index}>
                <code>{String(tool.name ?? "")}</code>
                {asText(tool.description) && (
                  <span className="crayon-hosted-tool__note"> · {tool.description}</span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** The card's title: what ran, and on which MCP server. */
function titleOf(item: Json, texts: HostedToolTexts): string {
  const server = String(item.server_label ?? "MCP");
  switch (item.type) {
    case "web_search_call":
      return texts.webSearch;
    case "file_search_call":
      return texts.fileSearch;
    case "code_interpreter_call":
      return texts.codeInterpreter;
    case "image_generation_call":
      return texts.imageGeneration;
    case "mcp_list_tools":
      return texts.mcpTools(server);
    default:
      return `${server} · ${String(item.name ?? texts.tool)}`;
  }
}

/**
 * A tool the server ran (OpenAI Responses / Open Responses hosted tools): web search with the
 * pages it read, file search with its results, the code interpreter with its code and output,
 * image generation showing each partial image as it arrives, and remote MCP calls and tool
 * lists with their server. Its state follows the item's own status as the server reports it.
 */
export default function HostedToolUI({ item, replyStatus }: HostedToolUIProps) {
  const { texts } = useTexts();
  // Progress events always name a status; an item without one is a done item that has none
  // (an `mcp_list_tools`): finished.
  const status =
    typeof item.status === "string" ? item.status : item.error != null ? "failed" : "completed";
  // A reply stopped or failed before the item finished leaves it unfinished.
  const stopped = (replyStatus === "stopped" || replyStatus === "error") && !FINISHED.has(status);
  const phase = stopped ? "incomplete" : status;
  const label = texts.status(phase) ?? phase.replaceAll("_", " ");
  const busy = !stopped && !FINISHED.has(status);
  const failed = status === "failed" || item.error != null;
  const modifier = failed
    ? "error"
    : status === "completed"
      ? "complete"
      : busy
        ? "running"
        : "incomplete";
  const title = titleOf(item, texts);
  // What it looked for, readable with the card folded.
  const query = asText(asRecord(item.action)?.query) ?? asText(asArray(item.queries)[0]);
  const summary = (
    <summary className="crayon-tool-call__summary">
      <span className="crayon-tool-call__name">{title}</span>
      {query && <span className="crayon-hosted-tool__note crayon-hosted-tool__query">{query}</span>}
      <span className="crayon-tool-call__state" aria-busy={busy}>
        {label}
      </span>
    </summary>
  );
  const className = `crayon-tool-call crayon-tool-call--${modifier} crayon-hosted-tool`;
  if (item.type === "image_generation_call") {
    // The picture is the answer: shown open, each partial image replacing the last.
    const final = base64Image(item.result, item.output_format);
    const src = final ?? base64Image(item.partial_image_b64, item.output_format);
    const prompt = asText(item.revised_prompt);
    return (
      <section className={className} aria-label={`${title}: ${label}`}>
        <div className="crayon-tool-call__summary">
          <span className="crayon-tool-call__name">{title}</span>
          <span className="crayon-tool-call__state" aria-busy={busy}>
            {label}
          </span>
        </div>
        {src && (
          <div className="crayon-tool-call__body">
            <RemoteImage
              src={src}
              alt={prompt ?? (final ? texts.generatedImage : texts.imageBeingGenerated)}
              className="crayon-hosted-tool__image"
            />
          </div>
        )}
      </section>
    );
  }
  return (
    <details className={className}>
      {summary}
      <div className="crayon-tool-call__body">
        {item.type === "web_search_call" ? (
          <WebSearchBody item={item} />
        ) : item.type === "file_search_call" ? (
          <FileSearchBody item={item} />
        ) : item.type === "code_interpreter_call" ? (
          <CodeInterpreterBody item={item} />
        ) : (
          <McpBody item={item} />
        )}
      </div>
    </details>
  );
}
