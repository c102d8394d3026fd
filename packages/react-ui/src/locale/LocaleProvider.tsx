import { createContext, type ReactNode, useContext, useMemo } from "react";
import { en } from "./en";
import {
  directionOf,
  type LocaleValue,
  localeFormat,
  mergeMessages,
  type TextDirection,
} from "./format";
import type { CrayonMessageOverrides, CrayonMessages } from "./messages";

/** English, left to right: what the parts use outside any provider. */
export const DEFAULT_LOCALE: LocaleValue = {
  locale: "en",
  dir: "ltr",
  messages: en,
  format: localeFormat("en"),
};

const LocaleContext = createContext<LocaleValue>(DEFAULT_LOCALE);

/** The locale in effect here, with its formats (internal: the parts read it). */
export const useLocale = (): LocaleValue => useContext(LocaleContext);

/** The locale the parts inside a {@link CrayonLocaleProvider} (or `CrayonChat`) use. */
export type CrayonLocale = {
  /** Its BCP 47 tag, e.g. `"ar-EG"`; `"en"` by default. */
  locale: string;
  /** Which way its text runs. */
  dir: TextDirection;
  /** Every text, the overrides applied. */
  messages: CrayonMessages;
};

/**
 * The locale in effect: its tag, direction and texts. A custom tool UI can use the same texts
 * and `Intl` formats as the chat around it.
 *
 * @example
 * ```tsx
 * const { locale, messages } = useCrayonLocale();
 * <button>{messages.common.approve}</button>
 * ```
 */
export const useCrayonLocale: () => CrayonLocale = useLocale;

/** Props of {@link CrayonLocaleProvider}. */
export type CrayonLocaleProviderProps = {
  /**
   * A BCP 47 language tag (`"en"`, `"ar"`, `"ar-EG"`): numbers, plurals, dates and durations are
   * written for it, and it sets the direction. Default: the enclosing provider's, else `"en"`.
   * It does not translate: pass its catalogue as `messages`.
   */
  locale?: string;
  /**
   * The texts: a whole catalogue (e.g. `ar` from `@crayonai/react-ui/locales/ar`) or only the
   * texts to change, over the enclosing provider's (English by default). Pass a stable object
   * (a module constant, or `useMemo`): a new one re-renders every message.
   */
  messages?: CrayonMessageOverrides;
  /** The direction, when it is not the locale's (`"rtl"` for `ar`, `he`, `fa`, `ur`…). */
  dir?: TextDirection;
  children: ReactNode;
};

/**
 * Gives the parts inside it a locale and its texts, for custom layouts built from the parts
 * (`CrayonChat` takes the same props). The parts render no element of their own for it: set
 * `dir` (and `lang`) on your layout's root, from {@link useCrayonLocale}. Without a provider the
 * parts show English, left to right.
 *
 * @example
 * ```tsx
 * import { ar } from "@crayonai/react-ui/locales/ar";
 *
 * <CrayonLocaleProvider locale="ar" messages={ar}>
 *   <MyLayout />
 * </CrayonLocaleProvider>
 * ```
 */
export function CrayonLocaleProvider({
  locale,
  messages,
  dir,
  children,
}: CrayonLocaleProviderProps) {
  const outer = useLocale();
  const tag = locale ?? outer.locale;
  const direction = dir ?? (locale ? directionOf(locale) : outer.dir);
  const value = useMemo(
    (): LocaleValue =>
      tag === outer.locale && direction === outer.dir && !messages
        ? outer
        : {
            locale: tag,
            lang: locale ?? outer.lang,
            dir: direction,
            messages: mergeMessages(outer.messages, messages),
            // Inside a provider of the same locale, its formats (and their Intl objects) serve.
            format: tag === outer.locale ? outer.format : localeFormat(tag),
          },
    [outer, tag, locale, direction, messages],
  );
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}
