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

/** The empty-thread screen: logo, title, description and conversation starters. */
export function WelcomeScreen({
  welcomeMessage,
  conversationStarters,
  logoUrl,
  agentName,
  onStart,
}: WelcomeScreenProps) {
  const title = welcomeMessage?.title ?? (agentName ? `Chat with ${agentName}` : "How can I help?");
  return (
    <div className="crayon-welcome">
      {logoUrl && <img className="crayon-welcome__logo" src={logoUrl} alt="" />}
      <h2 className="crayon-welcome__title">{title}</h2>
      {welcomeMessage?.description && (
        <p className="crayon-welcome__description">{welcomeMessage.description}</p>
      )}
      {conversationStarters && conversationStarters.length > 0 && (
        <ul className="crayon-welcome__starters" aria-label="Conversation starters">
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
