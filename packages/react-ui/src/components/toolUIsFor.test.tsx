import { defineTool } from "@crayonai/react-core";
import type { ToolCall } from "@crayonai/stream";
import { render, screen } from "@testing-library/react";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";
import * as v from "valibot";
import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { ToolCallView } from "./ToolCallView";
import { type ToolUIMap, type ToolUIProps, ToolUIsProvider } from "./ToolUIs";
import { toolUIsFor } from "./toolUIsFor";

const weather = defineTool({
  name: "get_weather",
  schema: z.object({
    city: z.string().trim().toUpperCase(),
    unit: z.enum(["C", "F"]).default("C"),
  }),
  execute: async () => ({ tempC: 3 }),
});

/** What the UI received, as text: its args (JSON) and argsIssues. */
function Probe({ args, argsIssues }: ToolUIProps<any, any>) {
  return (
    <p>
      args={JSON.stringify(args)} issues={argsIssues ? JSON.stringify(argsIssues) : "none"}
    </p>
  );
}

function renderCall(toolUIs: ToolUIMap, name: string, argsText: string, streaming = false) {
  const toolCall: ToolCall = {
    id: "c1",
    type: "function",
    function: { name, arguments: argsText },
  };
  render(
    <ToolUIsProvider toolUIs={toolUIs}>
      <ToolCallView toolCall={toolCall} replyStatus={streaming ? "streaming" : "complete"} />
    </ToolUIsProvider>,
  );
}

describe("toolUIsFor", () => {
  const toolUIs = toolUIsFor([weather], { get_weather: Probe });

  it("gives the UI the schema's output once the arguments are complete", () => {
    renderCall(toolUIs, "get_weather", '{"city":" oslo"}');
    expect(screen.getByText('args={"city":"OSLO","unit":"C"} issues=none')).toBeTruthy();
  });

  it("gives the UI the arguments as they arrive while they stream", () => {
    renderCall(toolUIs, "get_weather", '{"city":" os', true);
    expect(screen.getByText('args={"city":" os"} issues=none')).toBeTruthy();
  });

  it("gives the UI the issues, with their paths, when the schema rejects the arguments", () => {
    renderCall(toolUIs, "get_weather", '{"city":3}');
    const text = screen.getByText(/^args=/).textContent!;
    expect(text).toContain('args={"city":3}');
    const issues = JSON.parse(text.slice(text.indexOf("issues=") + 7));
    expect(issues).toEqual([{ path: "city", message: expect.any(String) }]);
  });

  it("waits for an asynchronous schema", async () => {
    const checked = defineTool({
      name: "check_city",
      schema: z.object({ city: z.string().refine(async (c) => c !== "Atlantis", "No such city") }),
    });
    const uis = toolUIsFor([checked], { check_city: Probe });
    renderCall(uis, "check_city", '{"city":"Atlantis"}');
    expect(
      await screen.findByText(
        'args={"city":"Atlantis"} issues=[{"message":"No such city","path":"city"}]',
      ),
    ).toBeTruthy();
  });

  it("registers the UI of a plain JSON Schema tool as it is", () => {
    const plain = { name: "pick_colour", parameters: { type: "object" } };
    expect(toolUIsFor([plain], { pick_colour: Probe }).pick_colour).toBe(Probe);
  });
});

describe("toolUIsFor's types", () => {
  it("types args and result from a zod, a valibot and an arktype tool, with no annotation", () => {
    const valibotTool = defineTool({
      name: "book_flight",
      schema: toStandardJsonSchema(v.object({ from: v.string(), seats: v.number() })),
    });
    const valibotOwn = defineTool({
      name: "rate",
      schema: v.object({ stars: v.number() }),
      parameters: { type: "object", properties: { stars: { type: "number" } } },
    });
    const arktypeTool = defineTool({ name: "convert", schema: type({ amount: "number" }) });

    toolUIsFor([weather, valibotTool, valibotOwn, arktypeTool], {
      get_weather: ({ args, result }) => {
        expectTypeOf(args).toEqualTypeOf<{ city?: string; unit?: "C" | "F" } | undefined>();
        expectTypeOf(result).toEqualTypeOf<{ tempC: number } | undefined>();
        return null;
      },
      book_flight: ({ args }) => {
        expectTypeOf(args).toEqualTypeOf<{ from?: string; seats?: number } | undefined>();
        return null;
      },
      rate: ({ args }) => {
        expectTypeOf(args).toEqualTypeOf<{ stars?: number } | undefined>();
        return null;
      },
      convert: ({ args }) => {
        expectTypeOf(args).toEqualTypeOf<{ amount?: number } | undefined>();
        return null;
      },
    });
    toolUIsFor([weather], {
      // @ts-expect-error only the tools' names are keys
      get_wether: Probe,
    });
    toolUIsFor([weather], {
      // @ts-expect-error a UI written for other arguments does not fit
      get_weather: (_: ToolUIProps<{ city: number }>) => null,
    });
  });
});
