import { useEffect, useState } from "react";

/** One token of a highlighted line: its Prism token types and its text. */
export type CodeToken = { types: string[]; content: string; empty?: boolean };

type Tokenize = (code: string, language: string) => CodeToken[][] | undefined;

/** Longer code is shown plain: tokenizing it would hold the main thread. */
export const MAX_HIGHLIGHTED_LENGTH = 20_000;

let loading: Promise<Tokenize> | undefined;

/**
 * Loads the highlighter (Prism, from `prism-react-renderer`) the first time a code block with
 * a language asks: a separate chunk, so a chat without code never downloads it.
 */
function loadTokenizer(): Promise<Tokenize> {
  loading ??= import("prism-react-renderer").then(({ Prism, normalizeTokens }) => {
    return (code: string, language: string) => {
      const grammar = Prism.languages[language.toLowerCase()];
      if (!grammar || typeof grammar !== "object") return undefined;
      return normalizeTokens(Prism.tokenize(code, grammar));
    };
  });
  // A failed load (offline) leaves code plain, and the next code block tries again.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * The lines of `code` as tokens of `language`, once the highlighter has loaded; undefined
 * before, for an unknown language, or for code over {@link MAX_HIGHLIGHTED_LENGTH}.
 */
export function useHighlightedLines(code: string, language: string | undefined) {
  const [result, setResult] = useState<{ code: string; lines: CodeToken[][] | undefined }>();
  useEffect(() => {
    if (!language || code.length > MAX_HIGHLIGHTED_LENGTH) return;
    let cancelled = false;
    loadTokenizer().then(
      (tokenize) => {
        if (!cancelled) setResult({ code, lines: tokenize(code, language) });
      },
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, [code, language]);
  // Tokens of an older text are never shown for a newer one.
  return result?.code === code && language ? result.lines : undefined;
}

/** The class names of a token: `crayon-token--keyword` for each of its types. */
export function tokenClassName(types: readonly string[]): string | undefined {
  const names = types
    .filter((type) => type !== "plain" && /^[a-z-]+$/i.test(type))
    .map((type) => `crayon-token--${type}`);
  return names.length ? names.join(" ") : undefined;
}
