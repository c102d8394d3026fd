/**
 * `@crayonai/react-core`: React bindings for Crayon. `useChat` is the one hook most apps need;
 * `useThreadListManager` + `useThreadManager` are the escape hatch for custom layouts (with
 * `useThreadGroups` and `useMinuteClock` for a thread sidebar), and the selector hooks
 * subscribe a component to one slice of state. The engine under them is public as
 * `@crayonai/react-core/vanilla` (`createChat`), usable without React.
 *
 * @packageDocumentation
 */

export type {
  ChatBackend,
  ChatRequest,
  ChatTrigger,
  HumanResponse,
  Message,
  MessageFormatConverter,
  StreamProtocolAdapter,
  ToolDefinition,
} from "@crayonai/stream";
export { ChatError, type ChatErrorCode } from "./core/chatError";
export type {
  ChatDebugChannel,
  ChatDebugEvent,
  ChatDebugEventBase,
  ChatDebugEventType,
  ChatDebugListener,
  DebugChatRequest,
  DebugResponse,
} from "./core/debugChannel";
export {
  parseReplyFixture,
  type ReplyFixture,
  ReplyFixtureError,
  replyFixture,
} from "./core/reply/replyFixture";
export type { BranchInfo } from "./core/thread/messageTree";
export { type ArrangeThreadsOptions, arrangeThreads } from "./core/threadList/arrangeThreads";
export { threadTimeLabel } from "./core/threadList/threadTime";
export {
  type DefinedTool,
  type DefineToolOptions,
  defineTool,
  type ToolArgsIssue,
  type ToolArgsValidation,
} from "./core/tools/defineTool";
export { chatDebugChannel } from "./hooks/chatDebugChannel";
export {
  getThreadActions,
  useAgentState,
  useIsRunning,
  useMessage,
  useMessages,
  useThreadListSelector,
  useThreadSelector,
  useThreads,
} from "./hooks/selectors";
export { useChat } from "./hooks/useChat";
export { useMinuteClock } from "./hooks/useMinuteClock";
export { type UseThreadGroupsOptions, useThreadGroups } from "./hooks/useThreadGroups";
export { useThreadListManager } from "./hooks/useThreadListManager";
export { type UseThreadManagerParams, useThreadManager } from "./hooks/useThreadManager";
export type {
  ChatManager,
  ClientTool,
  LoadedThread,
  QueuedMessage,
  ReconnectOptions,
  ReplyFinish,
  ReplyOutcome,
  ResumeStreamRequest,
  StreamBatching,
  Thread,
  ThreadActions,
  ThreadGroup,
  ThreadListActions,
  ThreadListManager,
  ThreadListPage,
  ThreadListParams,
  ThreadListState,
  ThreadManager,
  ThreadParams,
  ThreadState,
  ThreadStatus,
  TitleRequest,
  ToolCallRequest,
  UseChatParams,
  UserMessageInput,
} from "./types";
