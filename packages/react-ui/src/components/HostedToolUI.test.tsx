import type { ToolCall, ToolMessage } from "@crayonai/stream";
import { openResponsesAdapter } from "@crayonai/stream/adapters/open-responses";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createBackend, renderWithChat } from "../testing/chatHarness";
import { Composer } from "./Composer";
import { MessageList } from "./MessageList";
import { ToolCallView } from "./ToolCallView";
import { ToolUIsProvider } from "./ToolUIs";

function call(id: string, name: string, args = "{}"): ToolCall {
  return { id, type: "function", function: { name, arguments: args } };
}

/** The tool message the Open Responses adapter keeps for a hosted call: the item as described. */
function described(id: string, item: Record<string, unknown>): ToolMessage {
  return { id: `${id}:result`, role: "tool", toolCallId: id, content: JSON.stringify(item) };
}

const MySearchCard = () => <p>my search card</p>;

const card = async (name: string) => (await screen.findByText(name)).closest(".crayon-tool-call")!;
const stateOf = (element: Element) =>
  element.querySelector(".crayon-tool-call__state")?.textContent;

describe("HostedToolUI", () => {
  it("follows a web search as the server reports it, then lists the pages it read", async () => {
    const toolCall = call("ws_1", "web_search_call");
    const { rerender } = render(
      <ToolCallView
        toolCall={toolCall}
        replyStatus="streaming"
        result={described("ws_1", { id: "ws_1", type: "web_search_call", status: "searching" })}
      />,
    );
    expect(stateOf(await card("Web search"))).toBe("Searching");
    rerender(
      <ToolCallView
        toolCall={toolCall}
        result={described("ws_1", {
          id: "ws_1",
          type: "web_search_call",
          status: "completed",
          action: {
            type: "search",
            query: "Berlin weather",
            sources: [
              { type: "url", url: "https://example.com/berlin", title: "Berlin today" },
              { type: "url", url: "javascript:alert(1)" },
            ],
          },
        })}
      />,
    );
    const done = await card("Web search");
    expect(stateOf(done)).toBe("Done");
    // The query reads on the folded card, and in its list of searches.
    expect(done.querySelector("summary")?.textContent).toContain("Berlin weather");
    expect(within(done as HTMLElement).getAllByText("Berlin weather")).toHaveLength(2);
    const link = within(done as HTMLElement).getByRole("link", { name: "Berlin today" });
    expect(link.getAttribute("href")).toBe("https://example.com/berlin");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    // An address that is not a web page is shown as text, never as a link.
    expect(within(done as HTMLElement).getAllByRole("link")).toHaveLength(1);
    expect(within(done as HTMLElement).getByText("javascript:alert(1)")).toBeTruthy();
  });

  it("shows each partial image as it arrives, then the final one; non-base64 data is no image", async () => {
    const toolCall = call("ig_1", "image_generation_call");
    const item = { id: "ig_1", type: "image_generation_call", output_format: "webp" };
    const { rerender } = render(
      <ToolCallView
        toolCall={toolCall}
        replyStatus="streaming"
        result={described("ig_1", { ...item, status: "generating", partial_image_b64: "UDE=" })}
      />,
    );
    const image = await screen.findByRole("img", { name: "Image being generated" });
    expect(image.getAttribute("src")).toBe("data:image/webp;base64,UDE=");
    expect(stateOf(image.closest(".crayon-tool-call")!)).toBe("Generating");
    rerender(
      <ToolCallView
        toolCall={toolCall}
        result={described("ig_1", {
          ...item,
          status: "completed",
          result: "RklOQUw=",
          revised_prompt: "A red fox",
        })}
      />,
    );
    expect(screen.getByRole("img", { name: "A red fox" }).getAttribute("src")).toBe(
      "data:image/webp;base64,RklOQUw=",
    );
    rerender(
      <ToolCallView
        toolCall={toolCall}
        result={described("ig_1", { ...item, status: "completed", result: '"><script>' })}
      />,
    );
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("shows the interpreter's code and its logs", async () => {
    render(
      <ToolCallView
        toolCall={call("ci_1", "code_interpreter_call")}
        result={described("ci_1", {
          id: "ci_1",
          type: "code_interpreter_call",
          status: "completed",
          code: "print(6 * 7)",
          outputs: [{ type: "logs", logs: "42" }],
        })}
      />,
    );
    const done = await card("Code interpreter");
    expect(done.querySelector("code")?.textContent).toBe("print(6 * 7)");
    expect(within(done as HTMLElement).getByText("42")).toBeTruthy();
  });

  it("names the MCP server and tool, with the call's output or its error", async () => {
    const { rerender } = render(
      <ToolCallView
        toolCall={call("mcp_1", "ask_question")}
        result={described("mcp_1", {
          id: "mcp_1",
          type: "mcp_call",
          status: "completed",
          server_label: "deepwiki",
          name: "ask_question",
          arguments: '{"question":"What is Crayon?"}',
          output: "A chat SDK.",
        })}
      />,
    );
    const done = await card("deepwiki · ask_question");
    expect(stateOf(done)).toBe("Done");
    expect(within(done as HTMLElement).getByText("A chat SDK.")).toBeTruthy();
    rerender(
      <ToolCallView
        toolCall={call("mcp_1", "ask_question")}
        result={described("mcp_1", {
          id: "mcp_1",
          type: "mcp_call",
          status: "failed",
          server_label: "deepwiki",
          name: "ask_question",
          error: { message: "Server unreachable" },
        })}
      />,
    );
    const failed = await card("deepwiki · ask_question");
    expect(stateOf(failed)).toBe("Failed");
    expect(failed.className).toContain("crayon-tool-call--error");
    expect(within(failed as HTMLElement).getByText("Server unreachable")).toBeTruthy();
  });

  it("reads an MCP server's tool list, whose done item has no status, as done", async () => {
    render(
      <ToolCallView
        toolCall={call("mcpl_1", "mcp_list_tools")}
        replyStatus="streaming"
        result={described("mcpl_1", {
          id: "mcpl_1",
          type: "mcp_list_tools",
          server_label: "deepwiki",
          tools: [{ name: "ask_question", description: "Ask about a repository" }],
        })}
      />,
    );
    const list = await card("MCP tools · deepwiki");
    expect(stateOf(list)).toBe("Done");
    expect(within(list as HTMLElement).getByText("ask_question")).toBeTruthy();
  });

  it("leaves a call the reply stopped during as not finished", async () => {
    render(
      <ToolCallView
        toolCall={call("fs_1", "file_search_call")}
        replyStatus="stopped"
        result={described("fs_1", { id: "fs_1", type: "file_search_call", status: "searching" })}
      />,
    );
    const stopped = await card("File search");
    expect(stateOf(stopped)).toBe("Not finished");
    expect(stopped.querySelector("[aria-busy=true]")).toBeNull();
  });

  it("gives way to a UI the app registered for the tool, and leaves other results alone", async () => {
    render(
      <ToolUIsProvider toolUIs={{ web_search_call: MySearchCard }}>
        <ToolCallView
          toolCall={call("ws_1", "web_search_call")}
          result={described("ws_1", { id: "ws_1", type: "web_search_call", status: "completed" })}
        />
        <ToolCallView
          toolCall={call("c_2", "lookup")}
          result={described("c_2", { type: "message", status: "completed" })}
        />
      </ToolUIsProvider>,
    );
    expect(screen.getByText("my search card")).toBeTruthy();
    expect(screen.getByText("lookup")).toBeTruthy();
    expect(screen.queryByText("Web search")).toBeNull();
  });

  it("renders a Responses stream's web search and refusal as the user should read them", async () => {
    const events = [
      { type: "response.created", response: { id: "resp_1", status: "in_progress" } },
      {
        type: "response.output_item.added",
        item: { id: "ws_1", type: "web_search_call", status: "in_progress" },
      },
      { type: "response.web_search_call.searching", item_id: "ws_1" },
      {
        type: "response.output_item.done",
        item: {
          id: "ws_1",
          type: "web_search_call",
          status: "completed",
          action: { type: "search", query: "how to pick a lock" },
        },
      },
      {
        type: "response.output_item.added",
        item: { id: "msg_1", type: "message", role: "assistant", content: [] },
      },
      { type: "response.refusal.delta", item_id: "msg_1", content_index: 0, delta: "I can't help" },
      { type: "response.refusal.delta", item_id: "msg_1", content_index: 0, delta: " with that." },
      {
        type: "response.output_item.done",
        item: {
          id: "msg_1",
          type: "message",
          role: "assistant",
          content: [{ type: "refusal", refusal: "I can't help with that." }],
        },
      },
      { type: "response.completed", response: { id: "resp_1", status: "completed" } },
    ];
    const body = events
      .map((event, index) => {
        const data = JSON.stringify({ ...event, sequence_number: index });
        return `event: ${event.type}\ndata: ${data}\n\n`;
      })
      .join("");
    const backend = createBackend();
    backend.respond(() => new Response(body, { headers: { "content-type": "text/event-stream" } }));
    renderWithChat(
      backend,
      (chat) => (
        <>
          <MessageList chat={chat} />
          <Composer chat={chat} />
        </>
      ),
      { streamProtocol: openResponsesAdapter() },
    );
    await userEvent.setup().type(screen.getByLabelText("Message"), "Help{Enter}");
    const refusal = await screen.findByRole("note", { name: "The model declined" });
    expect(refusal.textContent).toContain("I can't help with that.");
    const search = await card("Web search");
    expect(stateOf(search)).toBe("Done");
    expect(search.querySelector("summary")?.textContent).toContain("how to pick a lock");
  });
});
