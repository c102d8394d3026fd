import type { ChatManager } from "@crayonai/react-core";
import {
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import {
  type ActivityRendererMap,
  ActivityRenderersProvider,
} from "./components/ActivityRenderers";
import { AgentLogo } from "./components/AgentLogo";
import { Composer } from "./components/Composer";
import { type McpAppsOptions, McpAppsProvider } from "./components/McpApps";
import { MessageList, type ScrollVariant } from "./components/MessageList";
import { QueuedMessages } from "./components/QueuedMessages";
import { ChatBubbleIcon, CloseIcon, ConversationsIcon, PlusIcon } from "./components/StrokeIcon";
import { ThreadList } from "./components/ThreadList";
import { type ToolUIMap, ToolUIsProvider } from "./components/ToolUIs";
import {
  type ConversationStartersConfig,
  type WelcomeMessageConfig,
  WelcomeScreen,
} from "./components/WelcomeScreen";
import type { AttachmentOptions } from "./internal/attachments";
import { FeedbackContext, type MessageFeedback } from "./internal/feedbackContext";
import { ImagePolicyContext } from "./internal/imagePolicy";
import { isVisibleMessage } from "./internal/visibleMessages";
import type { TextDirection } from "./locale/format";
import { CrayonLocaleProvider, useLocale } from "./locale/LocaleProvider";
import type { CrayonMessageOverrides } from "./locale/messages";
import { type ThemeProps, themeAttributes } from "./theme";

/** Props of {@link CrayonChat}: the chat from `useChat`, and how it looks. */
export type CrayonChatProps = {
  /** The chat state and actions, from `useChat` (or `useThreadListManager` + `useThreadManager`). */
  chat: ChatManager;
  /**
   * `"standalone"` (default): full page with the thread list. `"copilot"`: a side panel.
   * `"bottom-tray"`: a launcher button that opens a floating panel.
   */
  type?: "standalone" | "copilot" | "bottom-tray";
  /** Light or dark, plus CSS variable overrides. */
  theme?: ThemeProps;
  /** Shown in the header and on the welcome screen. */
  logoUrl?: string;
  /** The assistant's name, shown in the header and used in announcements. */
  agentName?: string;
  /** Skip applying the theme: the `--crayon-*` variables then come from your own CSS. */
  disableThemeProvider?: boolean;
  /** How the message list scrolls while a reply streams. Default `"always"`. */
  scrollVariant?: ScrollVariant;
  /** Replaces the indicator shown while waiting for the first token of a reply. */
  messageLoadingComponent?: () => ReactNode;
  /** Shows the artifact panel next to the conversation. */
  isArtifactActive?: boolean;
  /** Renders the artifact panel's content. */
  renderArtifact?: () => ReactNode;
  /** The welcome of an empty thread. */
  welcomeMessage?: WelcomeMessageConfig;
  /** Suggested first messages of an empty thread. */
  conversationStarters?: ConversationStartersConfig;
  /** Bottom tray: whether the panel is open (controlled). */
  isOpen?: boolean;
  /** Bottom tray: called when the user opens or closes the panel. */
  onOpenChange?: (open: boolean) => void;
  /** Bottom tray: whether the panel starts open (uncontrolled). Default false. */
  defaultOpen?: boolean;
  /**
   * Origins images in messages may load from without a click (e.g.
   * `["https://cdn.example.com"]`; `["*"]` for any). The page's own origin and inline raster
   * `data:image/*` images always load; any other image shows a "Load image from host" button,
   * because a model can make the browser fetch any URL by writing an image. Default `[]`.
   */
  allowedImageOrigins?: readonly string[];
  /**
   * Called when the user rates a finished reply with the Good / Bad response buttons (shown
   * only when this is set). `rating` is `null` when the user takes the rating back.
   */
  onFeedback?: (feedback: MessageFeedback) => void;
  /**
   * Components that render tool calls, by tool name (e.g. `{ get_weather: WeatherCard }`);
   * pass a stable object. Added to those of an enclosing `ToolUIsProvider`. Other tools show
   * the built-in card.
   */
  toolUIs?: ToolUIMap;
  /**
   * Components that render activity messages, by `activityType`; pass a stable object. Added
   * to those of an enclosing `ActivityRenderersProvider`.
   */
  activityRenderers?: ActivityRendererMap;
  /**
   * Attaching files in the composer (button, paste, drop): accepted types, size and count
   * limits, and `uploadAttachment` to store files and send their URL. Default: images and
   * common documents, sent inline as base64 up to 4 MB each. `false` turns attaching off.
   */
  attachments?: AttachmentOptions | false;
  /**
   * Renders MCP Apps: calls of a tool whose MCP server ships an interface for it show that
   * interface, sandboxed, fed the call as it streams. `endpoint` is the base URL of the server's
   * MCP App routes (`@crayonai/server/mcp`), e.g. `{ endpoint: "/api/mcp" }`. Without it nothing
   * of MCP Apps is loaded.
   */
  mcpApps?: McpAppsOptions;
  /**
   * The language of the interface, a BCP 47 tag (`"en"`, `"ar"`, `"ar-EG"`). Numbers, plurals,
   * dates and durations are written for it with `Intl`, the chat takes its direction and it is
   * the chat's `lang`. Default `"en"` (or an enclosing `CrayonLocaleProvider`'s). It does not
   * translate: pass the language's catalogue as `messages`.
   */
  locale?: string;
  /**
   * The texts of the interface: a whole catalogue (`ar` from `@crayonai/react-ui/locales/ar`)
   * or only the texts to change (`{ composer: { placeholder: "Ask Ada…" } }`), over English.
   * Pass a stable object (a module constant, or `useMemo`).
   */
  messages?: CrayonMessageOverrides;
  /**
   * `"ltr"` or `"rtl"`: the direction of the chat, when it is not the locale's (right to left
   * for Arabic, Hebrew, Persian, Urdu…). Each message's text takes its own direction.
   */
  dir?: TextDirection;
};

type PanelProps = Pick<
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

function ChatPanel({
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
}: PanelProps) {
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

/** Open state of the bottom tray: controlled by `isOpen` when given, otherwise internal. */
function useOpenState(
  isOpen: boolean | undefined,
  defaultOpen: boolean | undefined,
  onOpenChange: ((open: boolean) => void) | undefined,
) {
  const [internalOpen, setInternalOpen] = useState(defaultOpen ?? false);
  const open = isOpen ?? internalOpen;
  const setOpen = (next: boolean) => {
    if (isOpen === undefined) setInternalOpen(next);
    onOpenChange?.(next);
  };
  return [open, setOpen] as const;
}

/**
 * The complete chat UI. It holds no chat state: everything comes from `chat` (the return value
 * of `useChat`), so the same chat can also drive custom layouts built from the exported parts.
 *
 * @example
 * ```tsx
 * import "@crayonai/react-ui/styles.css";
 *
 * const chat = useChat({ processMessage });
 * return <CrayonChat chat={chat} agentName="Ada" />;
 * ```
 */
export function CrayonChat({
  allowedImageOrigins = SAME_ORIGIN_ONLY,
  onFeedback,
  toolUIs,
  activityRenderers,
  mcpApps,
  locale,
  messages,
  dir,
  ...props
}: CrayonChatProps) {
  const threadId = props.chat.threadManager.threadId;
  const feedback = useMemo(() => onFeedback && { onFeedback, threadId }, [onFeedback, threadId]);
  const layout = <ChatLayout {...props} />;
  return (
    <CrayonLocaleProvider locale={locale} messages={messages} dir={dir}>
      <ImagePolicyContext.Provider value={allowedImageOrigins}>
        <FeedbackContext.Provider value={feedback}>
          <ToolUIsProvider toolUIs={toolUIs}>
            <ActivityRenderersProvider renderers={activityRenderers}>
              {mcpApps ? (
                <McpAppsProvider {...mcpApps} threadId={threadId}>
                  {layout}
                </McpAppsProvider>
              ) : (
                layout
              )}
            </ActivityRenderersProvider>
          </ToolUIsProvider>
        </FeedbackContext.Provider>
      </ImagePolicyContext.Provider>
    </CrayonLocaleProvider>
  );
}

const SAME_ORIGIN_ONLY: readonly string[] = [];

function ChatLayout(props: Omit<CrayonChatProps, "allowedImageOrigins">) {
  const locale = useLocale();
  const texts = locale.messages.chat;
  const {
    chat,
    type = "standalone",
    theme,
    disableThemeProvider,
    isArtifactActive,
    renderArtifact,
    isOpen,
    onOpenChange,
    defaultOpen,
    agentName,
    ...panelProps
  } = props;
  const [open, setOpen] = useOpenState(isOpen, defaultOpen, onOpenChange);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const panelId = useId();
  const sidebarId = useId();
  const mainId = useId();
  const sidebarRef = useRef<HTMLElement>(null);
  const threadsToggleRef = useRef<HTMLButtonElement>(null);
  // Standalone on a narrow screen: the thread list is a drawer that slides over the chat from a
  // toggle in the header (styles.css). On wide screens it always shows and this state has no
  // visible effect.
  const [threadsOpen, setThreadsOpen] = useState(false);

  // Move focus into the tray when it opens and back to the launcher when it closes; not on the
  // first render, which must not steal focus from the page.
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current === open) return;
    wasOpen.current = open;
    if (open) composerRef.current?.focus();
    else launcherRef.current?.focus();
  }, [open]);

  // The list sits above the header that opens it: move focus into it, or Tab would skip it.
  useEffect(() => {
    if (!threadsOpen) return;
    const list = sidebarRef.current;
    const target =
      list?.querySelector<HTMLElement>('[aria-current="page"]') ?? list?.querySelector("button");
    target?.focus();
  }, [threadsOpen]);

  const rootClass = `crayon-chat crayon-chat--${type}${threadsOpen ? " crayon-chat--threads-open" : ""}`;
  // Messages and inputs take their own direction (`dir="auto"`); the frame takes the locale's.
  const rootProps = {
    dir: locale.dir,
    lang: locale.lang,
    ...(disableThemeProvider
      ? { className: rootClass }
      : { className: `crayon-theme ${rootClass}`, ...themeAttributes(theme) }),
  };
  const artifact = isArtifactActive && renderArtifact && (
    <aside className="crayon-artifact" aria-label={texts.artifact}>
      {renderArtifact()}
    </aside>
  );
  const panel = (
    <ChatPanel
      {...panelProps}
      chat={chat}
      agentName={agentName}
      // Standalone has New chat in its thread list; on a phone, where the list is a drawer, in
      // the header too.
      showNewChat={type === "standalone" ? "narrow" : true}
      threadsToggle={
        type === "standalone" && (
          <button
            ref={threadsToggleRef}
            type="button"
            className="crayon-icon-button crayon-threads-toggle"
            aria-label={texts.conversations}
            aria-expanded={threadsOpen}
            aria-controls={sidebarId}
            onClick={() => setThreadsOpen(!threadsOpen)}
          >
            <ConversationsIcon />
          </button>
        )
      }
      onClose={type === "bottom-tray" ? () => setOpen(false) : undefined}
      composerRef={composerRef}
    />
  );

  if (type === "bottom-tray") {
    const onPanelKeyDown = (event: KeyboardEvent) => {
      // The composer handles Escape first when it stops a reply.
      if (event.key === "Escape" && !event.defaultPrevented) setOpen(false);
    };
    const label = agentName ?? texts.assistant;
    return (
      <div {...rootProps}>
        {open && (
          <section
            id={panelId}
            className="crayon-tray"
            role="dialog"
            aria-label={texts.chatWith(label)}
            onKeyDown={onPanelKeyDown}
          >
            {panel}
            {artifact}
          </section>
        )}
        <button
          ref={launcherRef}
          type="button"
          className="crayon-tray-launcher"
          aria-label={open ? texts.closeChatWith(label) : texts.openChatWith(label)}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen(!open)}
        >
          {open ? <CloseIcon /> : <ChatBubbleIcon />}
        </button>
      </div>
    );
  }

  return (
    <div {...rootProps}>
      {type === "standalone" && (
        // Past the conversations (New chat, search, the list) to the message box in one key
        // press; shown only while focused.
        <a
          className="crayon-skip-link"
          href={`#${mainId}`}
          onClick={(event) => {
            event.preventDefault();
            composerRef.current?.focus();
          }}
        >
          {texts.skipToComposer}
        </a>
      )}
      {type === "standalone" && (
        <aside
          ref={sidebarRef}
          id={sidebarId}
          className="crayon-sidebar"
          onKeyDown={(event) => {
            if (event.key !== "Escape" || !threadsOpen || event.defaultPrevented) return;
            setThreadsOpen(false);
            threadsToggleRef.current?.focus();
          }}
        >
          <ThreadList
            chat={chat}
            onNavigate={() => {
              if (!threadsOpen) return;
              // The chosen conversation shows: continue in its composer.
              setThreadsOpen(false);
              composerRef.current?.focus();
            }}
          />
        </aside>
      )}
      {threadsOpen && (
        // The dimmed page beside the open drawer (narrow screens): a tap closes the drawer.
        // Keyboard users close it with Escape or the Conversations toggle.
        <div
          className="crayon-drawer-backdrop"
          aria-hidden="true"
          onClick={() => setThreadsOpen(false)}
        />
      )}
      <section id={mainId} className="crayon-main" aria-label={texts.region}>
        {panel}
      </section>
      {artifact}
    </div>
  );
}
