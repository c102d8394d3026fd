// Type tests: `tsc` (the typecheck step) checks them; at run time they only assert shapes.
import type {
  ResponseInputItem,
  ResponseItem,
  ResponseOutputItem,
} from "openai/resources/responses/responses";
import { describe, expectTypeOf, it } from "vitest";
import type { Message } from "../../message";
import {
  fromOpenResponsesItems,
  type OpenResponsesInputItem,
  openResponsesMessageConverter,
  toOpenResponsesInput,
} from "./openResponsesMessageConverter";

describe("the items are the openai package's", () => {
  it("toOpenResponsesInput gives a ResponseInputItem[] (what responses.create takes as input)", () => {
    expectTypeOf(toOpenResponsesInput).returns.toExtend<ResponseInputItem[]>();
    expectTypeOf<OpenResponsesInputItem>().toExtend<ResponseInputItem>();
    expectTypeOf(openResponsesMessageConverter().toExternal).returns.toExtend<
      ResponseInputItem[]
    >();
  });

  it("fromOpenResponsesItems reads input items, a response's output and stored items", () => {
    expectTypeOf(fromOpenResponsesItems).toBeCallableWith([] as ResponseInputItem[]);
    expectTypeOf(fromOpenResponsesItems).toBeCallableWith([] as ResponseOutputItem[]);
    expectTypeOf(fromOpenResponsesItems).toBeCallableWith([] as ResponseItem[]);
    expectTypeOf(fromOpenResponsesItems).returns.toEqualTypeOf<{
      messages: Message[];
      errors: ReturnType<typeof fromOpenResponsesItems>["errors"];
    }>();
  });
});
