import type { ReactNode, Ref } from "react";
import type { CrayonChatProps } from "../CrayonChat";
import { isVisibleMessage } from "../internal/visibleMessages";
import { useLocale } from "../locale/LocaleProvider";
import { AgentLogo } from "./AgentLogo";
import { Composer } from "./Composer";
import { MessageList } from "./MessageList";
import { QueuedMessages } from "./QueuedMessages";
import { CloseIcon, PlusIcon } from "./StrokeIcon";
import { WelcomeScreen } from "./WelcomeScreen";

/** Props of {@link ChatPanel}: what `CrayonChat` passes on, and the header's buttons. */
export type ChatPanelProps = Pick<
  CrayonChatProps,
  | "chat"
  | "logoUrl"
  | "agentName"
  | "scrollVariant"
  | "messageLoadingComponent"
  | "welcomeMessage"
  | "conversationStarters"
  | "attachments"
> & {
  /** A New chat button in the header: always, or only on a narrow screen (standalone). */
  showNewChat: boolean | "narrow";
  /** Shown first in the header: the button that shows the thread list on narrow screens. */
  threadsToggle?: ReactNode;
  onClose?: () => void;
  composerRef?: Ref<HTMLTextAreaElement>;
};

/**
 * The conversation: a header with the assistant's name and its buttons, the welcome screen of an
 * empty thread or the message list, the queued messages and the composer.
 */
export function ChatPanel({
  chat,
  logoUrl,
  agentName,
  scrollVariant,
  messageLoadingComponent,
  welcomeMessage,
  conversationStarters,
  showNewChat,
  threadsToggle,
  onClose,
  composerRef,
  attachments,
}: ChatPanelProps) {
  const thread = chat.threadManager;
  const { chat: texts } = useLocale().messages;
  const isEmpty =
    !thread.isLoadingMessages && !thread.error && !thread.messages.some(isVisibleMessage);
  return (
    <div className="crayon-panel">
      <header className="crayon-header">
        {threadsToggle}
        <AgentLogo className="crayon-header__logo" src={logoUrl} />
        <span className="crayon-header__name">{agentName ?? texts.assistant}</span>
        <div className="crayon-header__actions">
          {showNewChat && (
            <button
              type="button"
              className={`crayon-icon-button${showNewChat === "narrow" ? " crayon-new-chat--narrow" : ""}`}
              aria-label={texts.newChat}
              onClick={() => chat.threadListManager.switchToNewThread()}
            >
              <PlusIcon />
            </button>
          )}
          {onClose && (
            <button
              type="button"
              className="crayon-icon-button"
              aria-label={texts.closeChat}
              onClick={onClose}
            >
              <CloseIcon />
            </button>
          )}
        </div>
      </header>
      {isEmpty ? (
        <WelcomeScreen
          welcomeMessage={welcomeMessage}
          conversationStarters={conversationStarters}
          logoUrl={logoUrl}
          agentName={agentName}
          onStart={(prompt) => thread.processMessage(prompt).catch(() => {})}
        />
      ) : (
        <MessageList
          chat={chat}
          scrollVariant={scrollVariant}
          loadingComponent={messageLoadingComponent}
          agentName={agentName}
        />
      )}
      <QueuedMessages chat={chat} />
      <Composer chat={chat} inputRef={composerRef} attachments={attachments} />
    </div>
  );
}
