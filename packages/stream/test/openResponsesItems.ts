// Test helpers for the Open Responses converter: Responses items in the form the converter
// writes them, for round trips, and output items as the provider streams them. Not part of the
// package.
import fc from "fast-check";

// ─── Items as the converter writes them, by kind; `n` makes each block's ids unique ───

const word = fc.string({ unit: fc.constantFrom("a", "b", "z", " ", "é", "1", "😀"), maxLength: 8 });
/** Text with line breaks that is not read back as a context block (no `<`). */
const text = fc.string({
  unit: fc.constantFrom("a", "b", " ", "\n", "\n\n", "*", "é", "{", "}"),
  maxLength: 12,
});
/** A reasoning summary part: no blank line inside, no line break at either end. */
const summaryText = word.filter((t) => t.length > 0);
const base64 = fc.base64String({ minLength: 4, maxLength: 12 }).filter((b) => b.length > 0);
const json = fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.parse(JSON.stringify(v)));
const argsJSON = fc
  .dictionary(fc.constantFrom("city", "n", "q"), json)
  .map((o) => JSON.stringify(o));

const inputPart = fc.oneof(
  text.map((t) => ({ type: "input_text", text: t })),
  base64.map((b) => ({
    type: "input_image",
    detail: "auto",
    image_url: `data:image/png;base64,${b}`,
  })),
  fc.constant({ type: "input_image", detail: "auto", image_url: "https://a.example/x.png" }),
  fc.constant({ type: "input_image", detail: "auto", file_id: "file-img" }),
  base64.map((b) => ({
    type: "input_file",
    file_data: `data:application/pdf;base64,${b}`,
    filename: "a.pdf",
  })),
  fc.constant({ type: "input_file", file_url: "https://a.example/b.pdf", filename: "b.pdf" }),
  fc.constant({ type: "input_file", file_id: "file-doc" }),
);

type Block = (n: number) => Record<string, any>[];

/** Input blocks: what the user and the app send (instructions, messages). */
const inputBlocks: fc.Arbitrary<Block>[] = [
  text.map((t) => () => [{ type: "message", role: "user", content: t }]),
  fc
    .array(inputPart, { minLength: 1, maxLength: 3 })
    .map((parts) => () => [{ type: "message", role: "user", content: parts }]),
  fc.tuple(fc.constantFrom("system", "developer"), text).map(([role, t]) => () => [
    { type: "message", role, content: t },
  ]),
];

/** An assistant message item with citations that span its whole text, as the converter writes them. */
const assistantText = fc
  .tuple(
    text,
    fc.uniqueArray(fc.constantFrom("https://a.example", "https://b.example"), { maxLength: 2 }),
    fc.boolean(),
  )
  .map(([t, urls, file]) => (n: number) => [
    {
      type: "message",
      id: `msg_${n}`,
      role: "assistant",
      status: "completed",
      content: [
        {
          type: "output_text",
          text: t,
          annotations: [
            ...urls.map((url) => ({
              type: "url_citation",
              url,
              title: "T",
              start_index: 0,
              end_index: t.length,
            })),
            ...(file
              ? [
                  {
                    type: "file_citation",
                    file_id: `file_${n}`,
                    filename: "f.pdf",
                    index: t.length,
                  },
                ]
              : []),
          ],
        },
      ],
    },
  ]);

const refusal = summaryText.map((t) => (n: number) => [
  {
    type: "message",
    id: `msg_${n}`,
    role: "assistant",
    status: "completed",
    content: [{ type: "refusal", refusal: t }],
  },
]);

const reasoning = fc
  .tuple(fc.array(summaryText, { maxLength: 3 }), fc.option(base64, { nil: undefined }))
  .map(([parts, encrypted]) => (n: number) => [
    {
      type: "reasoning",
      id: `rs_${n}`,
      summary: parts.map((t) => ({ type: "summary_text", text: t })),
      ...(encrypted && { encrypted_content: encrypted }),
    },
  ]);

const toolOutput = fc.oneof(
  text,
  fc.array(inputPart, { minLength: 1, maxLength: 2 }),
) as fc.Arbitrary<unknown>;

/** Function calls, each answered (a call left unanswered is only the thread's last block). */
const functionCalls = fc
  .array(fc.tuple(fc.constantFrom("weather", "time"), argsJSON, toolOutput), {
    minLength: 1,
    maxLength: 2,
  })
  .map((calls) => (n: number) => [
    ...calls.map(([name, args], i) => ({
      type: "function_call",
      call_id: `call_${n}_${i}`,
      name,
      arguments: args,
    })),
    ...calls.map(([, , output], i) => ({
      type: "function_call_output",
      call_id: `call_${n}_${i}`,
      output,
    })),
  ]);

/** One client-run tool call of each kind, with its output, as the converter writes them. */
const clientCalls: fc.Arbitrary<Block>[] = [
  fc.tuple(word, word).map(([input, output]) => (n: number) => [
    { type: "custom_tool_call", call_id: `call_${n}`, name: "grep", input },
    { type: "custom_tool_call_output", call_id: `call_${n}`, output },
  ]),
  fc.tuple(word, fc.integer({ min: 0, max: 2 })).map(([stdout, code]) => (n: number) => [
    { type: "shell_call", call_id: `call_${n}`, action: { commands: ["ls"], timeout_ms: 1000 } },
    {
      type: "shell_call_output",
      call_id: `call_${n}`,
      output: [{ stdout, stderr: "", outcome: { type: "exit", exit_code: code } }],
    },
  ]),
  fc.constantFrom("completed", "failed").map((status) => (n: number) => [
    {
      type: "apply_patch_call",
      call_id: `call_${n}`,
      status: "completed",
      operation: { type: "delete_file", path: "a.txt" },
    },
    { type: "apply_patch_call_output", call_id: `call_${n}`, status, output: "log" },
  ]),
  word.map((output) => (n: number) => [
    {
      type: "local_shell_call",
      id: `call_${n}`,
      call_id: `call_${n}`,
      status: "completed",
      action: { type: "exec", command: ["pwd"], env: {} },
    },
    { type: "local_shell_call_output", id: `call_${n}`, output },
  ]),
  fc.constant((n: number) => [
    {
      type: "computer_call",
      id: `call_${n}`,
      call_id: `call_${n}`,
      status: "completed",
      action: { type: "screenshot" },
      pending_safety_checks: [],
    },
    {
      type: "computer_call_output",
      call_id: `call_${n}`,
      output: { type: "computer_screenshot", image_url: "https://a.example/s.png" },
    },
  ]),
];

/** Hosted tool calls as the provider finishes them. */
const hostedCalls: fc.Arbitrary<Block>[] = [
  word.map((query) => (n: number) => [
    {
      id: `ws_${n}`,
      type: "web_search_call",
      status: "completed",
      action: { type: "search", query, sources: [{ type: "url", url: "https://a.example" }] },
    },
  ]),
  fc.constant((n: number) => [
    {
      id: `fs_${n}`,
      type: "file_search_call",
      status: "completed",
      queries: ["q"],
      results: [{ file_id: "f", filename: "f.pdf", score: 0.5, text: "…" }],
    },
  ]),
  fc.constant((n: number) => [
    {
      id: `ci_${n}`,
      type: "code_interpreter_call",
      status: "completed",
      code: "1+1",
      container_id: "cntr_1",
      outputs: [{ type: "logs", logs: "2" }],
    },
  ]),
  fc.constant((n: number) => [
    { id: `ig_${n}`, type: "image_generation_call", status: "completed", result: "iVBORw0=" },
  ]),
];

/** An MCP server's tools, as the provider lists them before calling one. */
const mcpList = (n: number) => ({
  id: `mcpl_${n}`,
  type: "mcp_list_tools",
  server_label: "deepwiki",
  tools: [{ name: "ask_question", input_schema: { type: "object" } }],
});

/** The model asks to call the MCP tool. */
const mcpRequest = (n: number) => ({
  type: "mcp_approval_request",
  id: `mcpr_${n}`,
  server_label: "deepwiki",
  name: "ask_question",
  arguments: '{"q":"?"}',
});

/** An MCP server's tools listed, then a call of one (approved before or not needed). */
const mcpCall = fc.boolean().map((approved) => (n: number) => [
  mcpList(n),
  ...(approved
    ? [
        mcpRequest(n),
        { type: "mcp_approval_response", approval_request_id: `mcpr_${n}`, approve: true },
      ]
    : []),
  {
    id: `mcp_${n}`,
    type: "mcp_call",
    server_label: "deepwiki",
    name: "ask_question",
    arguments: '{"q":"?"}',
    output: "An answer.",
    error: null,
    status: "completed",
    ...(approved && { approval_request_id: `mcpr_${n}` }),
  },
]);

/** An MCP call the user rejected, with or without a reason. */
const mcpRejected = fc.option(summaryText, { nil: undefined }).map((reason) => (n: number) => [
  mcpList(n),
  mcpRequest(n),
  {
    type: "mcp_approval_response",
    approval_request_id: `mcpr_${n}`,
    approve: false,
    ...(reason && { reason }),
  },
]);

/** Blocks that can end anywhere: after each, the next tool call starts a new assistant message. */
const closedBlocks = [
  ...inputBlocks,
  assistantText,
  refusal,
  fc.tuple(reasoning, assistantText).map(([r, a]) => (n: number) => [...r(n), ...a(n)]),
  fc.tuple(reasoning, functionCalls).map(([r, f]) => (n: number) => [...r(n), ...f(n)]),
  functionCalls,
  ...clientCalls,
  ...hostedCalls,
  mcpCall,
  mcpRejected,
  summaryText.map((t) => () => [{ type: "message", role: "assistant", content: t }]),
];

/** Blocks that leave something open (a call not answered yet, an approval waiting): last only. */
const openBlocks: fc.Arbitrary<Block>[] = [
  argsJSON.map((args) => (n: number) => [
    { type: "function_call", call_id: `call_${n}`, name: "weather", arguments: args },
  ]),
  fc.constant((n: number) => [mcpList(n), mcpRequest(n)]),
];

/**
 * A conversation as the converter writes it: a sequence of blocks of every kind the converter
 * carries (the last one may leave a call or an approval open).
 */
export const conversationItems: fc.Arbitrary<Record<string, any>[]> = fc
  .tuple(
    fc.array(fc.oneof(...closedBlocks), { maxLength: 8 }),
    fc.option(fc.oneof(...openBlocks), { nil: undefined }),
  )
  .map(([blocks, open]) => [...blocks, ...(open ? [open] : [])].flatMap((block, n) => block(n)));

/** Output items only (what one response can hold), in the form the provider streams them. */
export const responseOutput: fc.Arbitrary<Record<string, any>[]> = fc
  .tuple(
    fc.array(
      fc.oneof(
        assistantText,
        refusal,
        reasoning,
        ...hostedCalls,
        argsJSON.map((args) => (n: number) => [
          {
            id: `fc_${n}`,
            type: "function_call",
            status: "completed",
            call_id: `call_${n}`,
            name: "weather",
            arguments: args,
          },
        ]),
        fc.constant((n: number) => [
          {
            id: `ctc_${n}`,
            type: "custom_tool_call",
            call_id: `call_${n}`,
            name: "grep",
            input: "x",
          },
        ]),
        mcpCall.map(
          (block) => (n: number) => block(n).filter((item) => !item.type.includes("approval")),
        ),
      ),
      { maxLength: 6 },
    ),
    // A response ends at an approval request: the model waits for the answer.
    fc.option(openBlocks[1]!, { nil: undefined }),
  )
  .map(([blocks, waiting]) =>
    [...blocks, ...(waiting ? [waiting] : [])].flatMap((block, n) => block(n)),
  );
