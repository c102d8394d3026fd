import { Fragment, useEffect, useRef, useState } from "react";
import { tokenClassName, useHighlightedLines } from "../internal/codeHighlighter";

/** Props of {@link CodeBlock}. */
export type CodeBlockProps = {
  /** The code, as plain text. */
  code: string;
  /** The language named on the fence (` ```ts `), if any. */
  language?: string;
};

/**
 * A fenced code block with a button that copies its text. Code in a known language is
 * highlighted once the highlighter has loaded (a separate chunk, loaded on first use); until
 * then, and for other code, it shows plain.
 */
export function CodeBlock({ code, language }: CodeBlockProps) {
  const lines = useHighlightedLines(code, language);
  const [copied, setCopied] = useState(false);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      clearTimeout(resetTimer.current);
      resetTimer.current = setTimeout(() => setCopied(false), 2000);
    } catch {
      // Clipboard access denied (insecure context or permission): nothing to show.
    }
  };

  return (
    <div className="crayon-code-block">
      <div className="crayon-code-block__header">
        <span className="crayon-code-block__language">{language ?? "code"}</span>
        <button type="button" className="crayon-code-block__copy" onClick={copy}>
          {copied ? "Copied" : "Copy code"}
        </button>
      </div>
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
