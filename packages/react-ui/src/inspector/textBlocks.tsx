import { memo, type ReactNode } from "react";

/** `value` as indented JSON. */
export const json = (value: unknown) => JSON.stringify(value, null, 2);

/** A body as text, indented when it is JSON. */
export function bodyText(body: string): string {
  try {
    return json(JSON.parse(body));
  } catch {
    return body;
  }
}

/** Text that scrolls when long: a tab stop, as the lists are, so a keyboard can scroll it. */
export function TextBlock({ children }: { children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
    <pre className="ci-pre" tabIndex={0}>
      {children}
    </pre>
  );
}

/** `value` as indented JSON; memoised, so an unchanged value is not serialised again. */
export const JsonBlock = memo(function JsonBlock({ value }: { value: unknown }) {
  return <TextBlock>{json(value)}</TextBlock>;
});
