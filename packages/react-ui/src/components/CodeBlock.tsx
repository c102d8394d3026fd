import { useEffect, useRef, useState } from "react";

/** Props of {@link CodeBlock}. */
export type CodeBlockProps = {
  /** The code, as plain text. */
  code: string;
  /** The language named on the fence (` ```ts `), if any. */
  language?: string;
};

/** A fenced code block with a button that copies its text. */
export function CodeBlock({ code, language }: CodeBlockProps) {
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
        <code className={language ? `language-${language}` : undefined}>{code}</code>
      </pre>
    </div>
  );
}
