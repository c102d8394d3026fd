// The OpenAI Responses / Open Responses input items the converter writes and reads, typed so
// that every one is assignable to the `openai` package's `ResponseInputItem` without depending
// on that package. Values the model produced and the converter passes through unchanged (a
// shell command, a computer action, a hosted tool's results) are typed `any`.

/** Text in a user message or a tool's output (`input_text`). */
export type OpenResponsesInputText = { type: "input_text"; text: string };

/** An image by URL (`https:` or a base64 `data:` URL) or uploaded file id (`input_image`). */
export type OpenResponsesInputImage = {
  type: "input_image";
  detail: "auto" | "low" | "high";
  image_url?: string;
  file_id?: string;
};

/** A file inline (a base64 `data:` URL), by URL or by uploaded file id (`input_file`). */
export type OpenResponsesInputFile = {
  type: "input_file";
  file_data?: string;
  file_url?: string;
  file_id?: string;
  filename?: string;
};

/** One part of a user message's content, or of a tool's output. */
export type OpenResponsesInputPart =
  | OpenResponsesInputText
  | OpenResponsesInputImage
  | OpenResponsesInputFile;

/** A citation inside an assistant's `output_text`. */
export type OpenResponsesAnnotation =
  | { type: "url_citation"; url: string; title: string; start_index: number; end_index: number }
  | { type: "file_citation"; file_id: string; filename: string; index: number }
  | {
      type: "container_file_citation";
      container_id: string;
      file_id: string;
      filename: string;
      start_index: number;
      end_index: number;
    }
  | { type: "file_path"; file_id: string; index: number };

/** Assistant text with its citations. */
export type OpenResponsesOutputText = {
  type: "output_text";
  text: string;
  annotations: OpenResponsesAnnotation[];
};

/** An assistant's refusal. */
export type OpenResponsesRefusal = { type: "refusal"; refusal: string };

/**
 * A message without an item id (`EasyInputMessage`): the user's, system and developer
 * instructions, or assistant text that came from elsewhere than a Responses stream.
 */
export type OpenResponsesMessageItem = {
  type?: "message";
  role: "user" | "system" | "developer" | "assistant";
  content: string | OpenResponsesInputPart[];
};

/** An assistant message the provider produced, under its item id (`ResponseOutputMessage`). */
export type OpenResponsesOutputMessageItem = {
  type: "message";
  id: string;
  role: "assistant";
  status: "in_progress" | "completed" | "incomplete";
  content: Array<OpenResponsesOutputText | OpenResponsesRefusal>;
};

/** The model's reasoning: its summary and, when asked for, its encrypted content. */
export type OpenResponsesReasoningItem = {
  type: "reasoning";
  id: string;
  summary: Array<{ type: "summary_text"; text: string }>;
  content?: Array<{ type: "reasoning_text"; text: string }>;
  encrypted_content?: string;
};

/** A call of a function tool; `arguments` is JSON text. */
export type OpenResponsesFunctionCallItem = {
  type: "function_call";
  call_id: string;
  name: string;
  arguments: string;
  id?: string;
};

/** What a function or custom tool returned: text, or input parts (text, images, files). */
export type OpenResponsesToolOutput = string | OpenResponsesInputPart[];

/** The result of a function call. */
export type OpenResponsesFunctionCallOutputItem = {
  type: "function_call_output";
  call_id: string;
  output: OpenResponsesToolOutput;
};

/** A call of a custom (free-form text) tool. */
export type OpenResponsesCustomToolCallItem = {
  type: "custom_tool_call";
  call_id: string;
  name: string;
  input: string;
  id?: string;
};

/** The result of a custom tool call. */
export type OpenResponsesCustomToolCallOutputItem = {
  type: "custom_tool_call_output";
  call_id: string;
  output: OpenResponsesToolOutput;
};

/** A command for the local shell tool. */
export type OpenResponsesLocalShellCallItem = {
  type: "local_shell_call";
  id: string;
  call_id: string;
  status: "in_progress" | "completed" | "incomplete";
  /** The `exec` action as the model sent it. */
  action: any;
};

/** The output of a local shell command; `id` names the call. */
export type OpenResponsesLocalShellCallOutputItem = {
  type: "local_shell_call_output";
  id: string;
  output: string;
};

/** Commands for the shell tool. */
export type OpenResponsesShellCallItem = {
  type: "shell_call";
  call_id: string;
  id?: string;
  /** `{ commands, max_output_length, timeout_ms }` as the model sent it. */
  action: any;
};

/** The outputs of a shell call, one `{ stdout, stderr, outcome }` per command. */
export type OpenResponsesShellCallOutputItem = {
  type: "shell_call_output";
  call_id: string;
  output: any[];
  max_output_length?: number | null;
};

/** An action for the computer use tool. */
export type OpenResponsesComputerCallItem = {
  type: "computer_call";
  id: string;
  call_id: string;
  status: "in_progress" | "completed" | "incomplete";
  pending_safety_checks: any[];
  action?: any;
  actions?: any;
};

/** The screenshot taken after a computer action. */
export type OpenResponsesComputerCallOutputItem = {
  type: "computer_call_output";
  call_id: string;
  output: { type: "computer_screenshot"; image_url?: string; file_id?: string };
  acknowledged_safety_checks?: any[];
};

/** A file change for the apply-patch tool. */
export type OpenResponsesApplyPatchCallItem = {
  type: "apply_patch_call";
  call_id: string;
  id?: string;
  status: "in_progress" | "completed";
  /** The `create_file`, `update_file` or `delete_file` operation as the model sent it. */
  operation: any;
};

/** Whether a patch applied, with its log. */
export type OpenResponsesApplyPatchCallOutputItem = {
  type: "apply_patch_call_output";
  call_id: string;
  status: "completed" | "failed";
  output?: string;
};

/** A web search the provider ran, as it finished. */
export type OpenResponsesWebSearchCallItem = {
  type: "web_search_call";
  id: string;
  status: "in_progress" | "searching" | "completed" | "failed";
  action: any;
};

/** A file search the provider ran, as it finished. */
export type OpenResponsesFileSearchCallItem = {
  type: "file_search_call";
  id: string;
  status: "in_progress" | "searching" | "completed" | "incomplete" | "failed";
  queries: string[];
  results?: any;
};

/** Code the provider's interpreter ran, as it finished. */
export type OpenResponsesCodeInterpreterCallItem = {
  type: "code_interpreter_call";
  id: string;
  status: "in_progress" | "completed" | "incomplete" | "interpreting" | "failed";
  code: string | null;
  container_id: string;
  outputs: any[] | null;
};

/** An image the provider generated, as it finished (`result` is base64). */
export type OpenResponsesImageGenerationCallItem = {
  type: "image_generation_call";
  id: string;
  status: "in_progress" | "completed" | "generating" | "failed";
  result: string | null;
};

/** A tool of a remote MCP server the provider called, with its output. */
export type OpenResponsesMcpCallItem = {
  type: "mcp_call";
  id: string;
  server_label: string;
  name: string;
  arguments: string;
  output?: string | null;
  error?: string | null;
  status?: "in_progress" | "completed" | "incomplete" | "calling" | "failed";
  approval_request_id?: string | null;
};

/** The tools a remote MCP server offers, as the provider listed them. */
export type OpenResponsesMcpListToolsItem = {
  type: "mcp_list_tools";
  id: string;
  server_label: string;
  tools: any[];
  error?: string | null;
};

/** The model asks the user to approve a call of a remote MCP server's tool. */
export type OpenResponsesMcpApprovalRequestItem = {
  type: "mcp_approval_request";
  id: string;
  server_label: string;
  name: string;
  arguments: string;
};

/** The user's answer to an {@link OpenResponsesMcpApprovalRequestItem}. */
export type OpenResponsesMcpApprovalResponseItem = {
  type: "mcp_approval_response";
  approval_request_id: string;
  approve: boolean;
  reason?: string;
};

/** A tool call the provider ran itself, sent back as the finished item it streamed. */
export type OpenResponsesHostedToolCallItem =
  | OpenResponsesWebSearchCallItem
  | OpenResponsesFileSearchCallItem
  | OpenResponsesCodeInterpreterCallItem
  | OpenResponsesImageGenerationCallItem
  | OpenResponsesMcpCallItem
  | OpenResponsesMcpListToolsItem;

/**
 * One item of a Responses request's `input`, as {@link toOpenResponsesInput} writes it:
 * assignable to the `openai` package's `ResponseInputItem`.
 */
export type OpenResponsesInputItem =
  | OpenResponsesMessageItem
  | OpenResponsesOutputMessageItem
  | OpenResponsesReasoningItem
  | OpenResponsesFunctionCallItem
  | OpenResponsesFunctionCallOutputItem
  | OpenResponsesCustomToolCallItem
  | OpenResponsesCustomToolCallOutputItem
  | OpenResponsesLocalShellCallItem
  | OpenResponsesLocalShellCallOutputItem
  | OpenResponsesShellCallItem
  | OpenResponsesShellCallOutputItem
  | OpenResponsesComputerCallItem
  | OpenResponsesComputerCallOutputItem
  | OpenResponsesApplyPatchCallItem
  | OpenResponsesApplyPatchCallOutputItem
  | OpenResponsesHostedToolCallItem
  | OpenResponsesMcpApprovalRequestItem
  | OpenResponsesMcpApprovalResponseItem;
