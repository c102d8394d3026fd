import { type RefObject, useEffect, useId, useRef, useState } from "react";
import { useLocale } from "../locale/LocaleProvider";
import { AgentLogo } from "./AgentLogo";

/** The welcome shown in an empty thread. */
export type WelcomeMessageConfig = {
  title?: string;
  description?: string;
};

/** A suggested first message: `displayText` on the button, `prompt` sent when clicked. */
export type ConversationStarter = {
  displayText: string;
  prompt: string;
};

/** The suggested first messages of an empty thread. */
export type ConversationStartersConfig = ConversationStarter[];

/** Props of {@link WelcomeScreen}. */
export type WelcomeScreenProps = {
  welcomeMessage?: WelcomeMessageConfig;
  conversationStarters?: ConversationStartersConfig;
  logoUrl?: string;
  agentName?: string;
  /** Sends a starter's prompt. */
  onStart: (prompt: string) => void;
};

/** Whether the element's content is taller than the element, kept up to date as it resizes. */
function useOverflowsVertically(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => setOverflows(element.scrollHeight > element.clientHeight);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

/**
 * The empty-thread screen: logo, title, description and conversation starters. In a panel too
 * short for it, it scrolls (the composer below stays in view) and becomes a focusable region,
 * so keyboard users can scroll it too.
 */
export function WelcomeScreen({
  welcomeMessage,
  conversationStarters,
  logoUrl,
  agentName,
  onStart,
}: WelcomeScreenProps) {
  const texts = useLocale().messages.chat;
  const title =
    welcomeMessage?.title ?? (agentName ? texts.chatWith(agentName) : texts.welcomeTitle);
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const scrolls = useOverflowsVertically(ref);
  return (
    <div
      ref={ref}
      className="crayon-welcome"
      // Scrolling content may hold nothing focusable: keyboard users need to reach it.
      {...(scrolls && { role: "region", "aria-labelledby": titleId, tabIndex: 0 })}
    >
      <AgentLogo className="crayon-welcome__logo" src={logoUrl} />
      <h2 id={titleId} className="crayon-welcome__title">
        {title}
      </h2>
      {welcomeMessage?.description && (
        <p className="crayon-welcome__description">{welcomeMessage.description}</p>
      )}
      {conversationStarters && conversationStarters.length > 0 && (
        <ul className="crayon-welcome__starters" aria-label={texts.conversationStarters}>
          {conversationStarters.map((starter) => (
            <li key={starter.prompt}>
              <button
                type="button"
                className="crayon-welcome__starter"
                onClick={() => onStart(starter.prompt)}
              >
                {starter.displayText}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
