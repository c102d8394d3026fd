/**
 * `@crayonai/react-ui`: `<CrayonChat chat={chat} />`, a complete chat UI driven by `useChat`
 * from `@crayonai/react-core`, and the parts it is built from for custom layouts. Import the
 * styles once: `import "@crayonai/react-ui/styles.css"`.
 *
 * @packageDocumentation
 */

export type { Message } from "@crayonai/stream";
export { CrayonChat, type CrayonChatProps } from "./CrayonChat";
export {
  type ActivityRenderer,
  type ActivityRendererMap,
  ActivityRenderersProvider,
  type ActivityRenderersProviderProps,
  ActivityView,
  DefaultActivityRenderer,
  useActivityRenderer,
} from "./components/ActivityRenderers";
export {
  AssistantMessageContent,
  type AssistantMessageContentProps,
} from "./components/AssistantMessageContent";
export { BranchPicker, type BranchPickerProps } from "./components/BranchPicker";
export { CodeBlock, type CodeBlockProps } from "./components/CodeBlock";
export { Composer, type ComposerProps } from "./components/Composer";
export { DefaultToolUI } from "./components/DefaultToolUI";
export { ErrorNotice, type ErrorNoticeProps } from "./components/ErrorNotice";
export {
  ImagePolicyProvider,
  type ImagePolicyProviderProps,
} from "./components/ImagePolicyProvider";
export { Markdown, type MarkdownProps } from "./components/Markdown";
export {
  type McpAppsOptions,
  McpAppsProvider,
  type McpAppsProviderProps,
  type McpAppTool,
  McpAppToolUI,
  type McpAppToolUIProps,
} from "./components/McpApps";
export { MessageList, type MessageListProps, type ScrollVariant } from "./components/MessageList";
export { MessageView, type MessageViewProps } from "./components/MessageView";
export { QueuedMessages, type QueuedMessagesProps } from "./components/QueuedMessages";
export { ReasoningView } from "./components/ReasoningView";
export { ReplyAnnouncer, type ReplyAnnouncerProps } from "./components/ReplyAnnouncer";
export { ThreadList, type ThreadListProps } from "./components/ThreadList";
export { ToolCallView, type ToolCallViewProps } from "./components/ToolCallView";
export {
  type PartialDeep,
  type ToolCallStatus,
  type ToolUI,
  type ToolUIMap,
  type ToolUIProps,
  ToolUIsProvider,
  type ToolUIsProviderProps,
  useToolUI,
} from "./components/ToolUIs";
export { type ToolUIPropsOf, type ToolUIsFor, toolUIsFor } from "./components/toolUIsFor";
export { UserMessageContent } from "./components/UserMessageContent";
export {
  type ScrollToMessage,
  type ScrollToMessageOptions,
  useScrollToMessage,
} from "./components/useScrollToMessage";
export {
  type ConversationStarter,
  type ConversationStartersConfig,
  type WelcomeMessageConfig,
  WelcomeScreen,
  type WelcomeScreenProps,
} from "./components/WelcomeScreen";
export type { AttachmentOptions } from "./internal/attachments/attachments";
export type { FeedbackRating, MessageFeedback } from "./internal/feedbackContext";
export type { TextDirection } from "./locale/format";
export {
  type CrayonLocale,
  CrayonLocaleProvider,
  type CrayonLocaleProviderProps,
  useCrayonLocale,
} from "./locale/LocaleProvider";
export type { HostedToolMessages, McpAppMessages } from "./locale/lazyMessages";
export type {
  AnnouncedStatus,
  CountValue,
  CrayonMessageOverrides,
  CrayonMessages,
} from "./locale/messages";
export type { CrayonCssVariable, ThemeProps } from "./theme";
