/**
 * `@crayonai/stream`: the framework-free core of Crayon. The message model, the stream events,
 * the adapter and converter contracts, the default Crayon SSE adapter and the identity
 * converter. Other adapters and converters live on their own subpaths
 * (`@crayonai/stream/adapters/ag-ui`, `/adapters/vercel`, `/converters/openai`, …).
 *
 * @packageDocumentation
 */

export type { StreamProtocolAdapter } from "./adapter";
export type { CrayonSSEAdapterOptions } from "./adapters/crayon";
export { crayonSSEAdapter, crayonSSEEventName } from "./adapters/crayon";
export type {
  ChatBackend,
  ChatRequest,
  ChatTrigger,
  HttpRequestTrace,
  HumanResponse,
  ResumeStreamRequest,
  ToolDefinition,
} from "./chatRequest";
export type { MessageFormatConverter } from "./converter";
export { identityConverter } from "./converters/identity";
export type {
  CrayonStreamEvent,
  CrayonStreamEventOf,
  CrayonStreamEventType,
  JsonPatchOperation,
  StreamErrorCode,
  StreamErrorEvent,
} from "./events";
export { SSEType } from "./events";
export type {
  McpAppCsp,
  McpAppPermissions,
  McpAppResourceUi,
  McpAppTool,
  McpToolVisibility,
} from "./mcpApps";
export type {
  ActivityMessage,
  AssistantMessage,
  AssistantStatus,
  BaseMessage,
  BinaryPart,
  DeveloperMessage,
  GeneratedFile,
  InputContent,
  JSONValue,
  MediaPart,
  Message,
  MessageRole,
  Metadata,
  PartSource,
  ReasoningMessage,
  SourceReference,
  SystemMessage,
  TextPart,
  ToolCall,
  ToolMessage,
  UserMessage,
} from "./message";
export { normalizeContentPart } from "./message";
export type { MalformedMessageError, MessageValidation } from "./validation/malformedMessageError";
export { validateMessages } from "./validation/validateMessages";
// The frames of a body as debugging tools see them (`observeWire` is in `./wire`).
export type { WireFrame, WireListener } from "./wire/observeWire";
