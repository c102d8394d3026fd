// Type tests: `tsc` (the typecheck step) checks them; at run time they only assert shapes.
import type {
  FunctionTool,
  ResponseCreateParamsStreaming,
  ResponseInputItem,
} from "openai/resources/responses/responses";
import { describe, expectTypeOf, it } from "vitest";
import {
  type OpenResponsesChatRequest,
  type OpenResponsesFunctionTool,
  type OpenResponsesRequestBody,
  openResponsesBackend,
} from "./openResponsesBackend";

describe("the request body is what the openai package's responses.create takes", () => {
  it("the body is a ResponseCreateParamsStreaming, its tools FunctionTools", () => {
    expectTypeOf<OpenResponsesRequestBody>().toExtend<ResponseCreateParamsStreaming>();
    expectTypeOf<OpenResponsesFunctionTool>().toExtend<FunctionTool>();
  });

  it("processMessage receives the input items the converter writes", () => {
    const backend = openResponsesBackend({ url: "/api/chat" });
    expectTypeOf(backend.processMessage).parameter(0).toEqualTypeOf<OpenResponsesChatRequest>();
    expectTypeOf<OpenResponsesChatRequest["messages"]>().toExtend<ResponseInputItem[]>();
  });
});
