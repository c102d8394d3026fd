import { Fragment } from "react";
import { tokenClassName, useHighlightedLines } from "../internal/codeHighlighter";
import { useCopy } from "../internal/useCopy";
import { useLocale } from "../locale/LocaleProvider";

/** Props of {@link CodeBlock}. */
export type CodeBlockProps = {
  /** The code, as plain text. */
  code: string;
  /** The language named on the fence (` ```ts `), if any. */
  language?: string;
};

/**
 * A code block's header: its language and a button that copies `copyText()` (read when pressed,
 * so a block still streaming copies all it has), then says so for two seconds.
 */
export function CodeBlockHeader({
  language,
  copyText,
}: {
  language: string | undefined;
  copyText: () => string;
}) {
  const { messages } = useLocale();
  const [copied, copy] = useCopy();
  return (
    <div className="crayon-code-block__header">
      <span className="crayon-code-block__language">{language ?? messages.markdown.code}</span>
      <button type="button" className="crayon-code-block__copy" onClick={() => copy(copyText())}>
        {copied ? messages.common.copied : messages.markdown.copyCode}
      </button>
    </div>
  );
}

/**
 * A fenced code block with a button that copies its text. Code in a known language is
 * highlighted once the highlighter has loaded (a separate chunk, loaded on first use); until
 * then, and for other code, it shows plain. Code runs left to right in any locale.
 */
export function CodeBlock({ code, language }: CodeBlockProps) {
  const lines = useHighlightedLines(code, language);
  return (
    <div className="crayon-code-block">
      <CodeBlockHeader language={language} copyText={() => code} />
      {/* Long lines scroll sideways: keyboard users need to reach the scrollable block. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region */}
      <pre className="crayon-code-block__pre" tabIndex={0}>
        <code className={language ? `language-${language}` : undefined}>
          {lines
            ? lines.map((line, index) => (
                // Lines have no identity but their place; they are rebuilt with the code.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Fragment key={index}>
                  {index > 0 && "\n"}
                  {line.map((token, at) =>
                    // An empty line is one empty token (its "\n" is the line break above).
                    token.empty ? null : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above
                      <span key={at} className={tokenClassName(token.types)}>
                        {token.content}
                      </span>
                    ),
                  )}
                </Fragment>
              ))
            : code}
        </code>
      </pre>
    </div>
  );
}
