import type { ChatManager } from "@crayonai/react-core";
import { type ReactNode, useMemo } from "react";
import {
  type ActivityRendererMap,
  ActivityRenderersProvider,
} from "./components/ActivityRenderers";
import { ChatLayout } from "./components/ChatLayout";
import { type McpAppsOptions, McpAppsProvider } from "./components/McpApps";
import type { ScrollVariant } from "./components/MessageList";
import { type ToolUIMap, ToolUIsProvider } from "./components/ToolUIs";
import type { ConversationStartersConfig, WelcomeMessageConfig } from "./components/WelcomeScreen";
import type { AttachmentOptions } from "./internal/attachments/attachments";
import { FeedbackContext, type MessageFeedback } from "./internal/feedbackContext";
import { ImagePolicyContext } from "./internal/imagePolicy";
import type { TextDirection } from "./locale/format";
import { CrayonLocaleProvider } from "./locale/LocaleProvider";
import type { CrayonMessageOverrides } from "./locale/messages";
import type { ThemeProps } from "./theme";

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
