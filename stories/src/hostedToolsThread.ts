import type { Message, ToolCall } from "@crayonai/stream";
import type { PreloadedThread } from "./scriptedChat";

/** A small generated picture (96×64 PNG), as an image generation call returns it. */
const SUNSET_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAGAAAABACAIAAABqVuVZAAAB0ElEQVR42u3Q2UqVARTF8fU4+8l6gabtPDePVs7j8WRmZmZqZmYmERERESEREREREREREdFNXXw33bTQc/YHW1jwu1+LP357nxD41dAvBH42DgiBH02DQuB785AQ+NYyLAS+to4IgS9to0Lgc/uYEPjUMS4EPnZOCIEPXZNC4H13RQi865kSAm+PVIXAm6OXhcDrY9NC4NXxK0Jg+8SMEHh58uqe8Gd73/+UuosXp2aTI2n+VdI6np++ltkO6xTKOIBnZ+bS2lWdQvgHPD17Paca6hRib+DJufmEaq5TCHyCx+dvJFRnoMAneNS7kE2ddQpRZ/Dwws1sQgJFncHWxcVsQgJFncHmpVvZhASKOoONvqVsQgJFncF6/3I2IYGizmBtYCWbkEBRZ7A6eDubkEBRZ7AytJpNSKCoM1gavpNQnXUCn2BxZC2hOgMFPsHC6N2caq4TewPzY+tp1VAn/APmxu9ltqs6ZRzA7MRGcjusU9I6Zibv7wkkTam7mK5sCoHq1AMhUKluCQHb70LADrgQsIMuBOyQCwE77ELA3IWANbgQsEYXAtbkQsCaXQhYiwsBa3UhYG0uBKzdhYB1uBCwThcC1uVCwLpdCFiPC/EX9NaIBsZrY3sAAAAASUVORK5CYII=";

/** A tool call the server ran, and its tool message: the item as the Open Responses adapter keeps it. */
function hosted(id: string, name: string, args: object, item: object): [ToolCall, Message] {
  return [
    { id, type: "function", function: { name, arguments: JSON.stringify(args) } },
    { id: `${id}:result`, role: "tool", toolCallId: id, content: JSON.stringify({ id, ...item }) },
  ];
}

const search = hosted(
  "ws_1",
  "web_search_call",
  { action: { type: "search", query: "sunset time Lisbon today" } },
  {
    type: "web_search_call",
    status: "completed",
    action: {
      type: "search",
      query: "sunset time Lisbon today",
      sources: [
        { type: "url", url: "https://example.com/lisbon/sun", title: "Lisbon sunrise and sunset" },
        { type: "url", url: "https://example.org/weather/lisbon" },
      ],
    },
  },
);
const code = hosted(
  "ci_1",
  "code_interpreter_call",
  { code: "", container_id: "cntr_1" },
  {
    type: "code_interpreter_call",
    status: "completed",
    container_id: "cntr_1",
    code: "from datetime import time\nsunset = time(17, 24)\nprint(f'Golden hour starts at {sunset.hour - 1}:{sunset.minute:02d}')",
    outputs: [{ type: "logs", logs: "Golden hour starts at 16:24" }],
  },
);
const image = hosted(
  "ig_1",
  "image_generation_call",
  {},
  {
    type: "image_generation_call",
    status: "completed",
    output_format: "png",
    revised_prompt: "A flat illustration of a sunset over the sea",
    result: SUNSET_PNG,
  },
);
const mcp = hosted(
  "mcp_1",
  "get_tide",
  { station: "Cascais" },
  {
    type: "mcp_call",
    status: "completed",
    server_label: "tides",
    name: "get_tide",
    arguments: '{"station":"Cascais"}',
    output: '{"high":"18:02","low":"11:47"}',
  },
);

/**
 * A reply from an Open Responses backend that ran tools itself: a web search with the pages it
 * read, the code interpreter, image generation and a remote MCP call; then a refusal.
 */
export const HOSTED_TOOLS_THREAD: PreloadedThread = {
  threadId: "t_hosted_tools",
  title: "Sunset in Lisbon",
  createdAt: Date.UTC(2025, 0, 15, 12),
  messages: [
    {
      id: "ht_u1",
      role: "user",
      content: "When is sunset in Lisbon today? Draw it, and check the tide.",
    },
    {
      id: "ht_a1",
      role: "assistant",
      status: "complete",
      toolCalls: [search[0], code[0], image[0], mcp[0]],
    },
    search[1],
    code[1],
    image[1],
    mcp[1],
    {
      id: "ht_a2",
      role: "assistant",
      status: "complete",
      content:
        "Sunset in Lisbon is at **17:24** today, so golden hour starts around 16:24. High tide at Cascais is at 18:02.",
    },
    { id: "ht_u2", role: "user", content: "Now tell me how to get into the lighthouse at night." },
    {
      id: "ht_a3",
      role: "assistant",
      status: "complete",
      content: "I can't help with getting into a closed building.",
      metadata: { refusal: true },
    },
  ],
};
