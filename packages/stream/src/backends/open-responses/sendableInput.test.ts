import { describe, expect, it } from "vitest";
import type {
  OpenResponsesInputItem,
  OpenResponsesOutputMessageItem,
  OpenResponsesReasoningItem,
} from "../../converters/open-responses/openResponsesItem";
import { sendableInput } from "./sendableInput";

const user = { type: "message", role: "user", content: "Hi" } as const;
const call = (id: string) =>
  ({ type: "function_call", call_id: id, name: "f", arguments: "{}" }) as const;
const output = (id: string) =>
  ({ type: "function_call_output", call_id: id, output: "ok" }) as const;
const reasoning = (id: string, encrypted?: string): OpenResponsesReasoningItem => ({
  type: "reasoning",
  id,
  summary: [],
  ...(encrypted && { encrypted_content: encrypted }),
});
const message = (id: string): OpenResponsesOutputMessageItem => ({
  type: "message",
  id,
  role: "assistant",
  status: "completed",
  content: [{ type: "output_text", text: "Done.", annotations: [] }],
});

describe("sendableInput", () => {
  it("keeps a valid conversation as it is", () => {
    const input: OpenResponsesInputItem[] = [
      user,
      call("c1"),
      output("c1"),
      reasoning("rs_1", "enc"),
      message("msg_1"),
    ];
    expect(sendableInput(input, undefined)).toEqual(input);
  });

  it("leaves out a call without its output, and an output whose call is not before it", () => {
    const local = {
      type: "local_shell_call",
      id: "c3",
      call_id: "c3",
      status: "completed",
      action: {},
    } as const;
    expect(
      sendableInput(
        [
          output("early"),
          call("early"),
          user,
          call("c1"),
          call("c2"),
          output("c2"),
          local,
          { type: "local_shell_call_output", id: "c3", output: "/" },
        ],
        undefined,
      ),
    ).toEqual([
      user,
      call("c2"),
      output("c2"),
      local,
      { type: "local_shell_call_output", id: "c3", output: "/" },
    ]);
  });

  it("leaves out reasoning the provider could not match to the item after it", () => {
    expect(
      sendableInput(
        [
          user,
          reasoning("rs_1"),
          call("c1"),
          output("c1"),
          reasoning("rs_2"),
          reasoning("rs_3"),
          message("msg_1"),
          reasoning("rs_4"),
        ],
        undefined,
      ),
    ).toEqual([
      user,
      call("c1"),
      output("c1"),
      reasoning("rs_2"),
      reasoning("rs_3"),
      message("msg_1"),
    ]);
  });

  it("keeps reasoning before a call sent under its item id, and sends a call without its id when its turn's reasoning is not sent", () => {
    const withId = (id: string, itemId: string) => ({ ...call(id), id: itemId });
    const computer = (id: string, itemId: string): OpenResponsesInputItem => ({
      type: "computer_call",
      id: itemId,
      call_id: id,
      status: "completed",
      pending_safety_checks: [],
    });
    const screenshot = (id: string) =>
      ({
        type: "computer_call_output",
        call_id: id,
        output: { type: "computer_screenshot", image_url: "https://a.example/s.png" },
      }) as const;
    expect(
      sendableInput(
        [
          user,
          reasoning("rs_1", "enc"),
          withId("c1", "fc_1"),
          withId("c2", "fc_2"),
          output("c1"),
          output("c2"),
          // The thread kept these calls, not the reasoning before them.
          user,
          withId("c3", "fc_3"),
          computer("c4", "cu_4"),
          output("c3"),
          screenshot("c4"),
          // Reasoning the provider has not kept (store: false, no encrypted content).
          reasoning("rs_2"),
          withId("c5", "fc_5"),
          output("c5"),
        ],
        false,
      ),
    ).toEqual([
      user,
      reasoning("rs_1", "enc"),
      withId("c1", "fc_1"),
      withId("c2", "fc_2"),
      output("c1"),
      output("c2"),
      user,
      call("c3"),
      // A computer call needs an id: the call's stands in.
      computer("c4", "c4"),
      output("c3"),
      screenshot("c4"),
      call("c5"),
      output("c5"),
    ]);
  });

  it("with store: false, leaves out reasoning without its encrypted content", () => {
    expect(
      sendableInput([user, reasoning("rs_1"), reasoning("rs_2", "enc"), message("msg_1")], false),
    ).toEqual([user, reasoning("rs_2", "enc"), message("msg_1")]);
  });
});
