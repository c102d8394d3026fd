// Compile-time checks (run by `tsc`; vitest runs the few runtime assertions): the structural
// `VercelUIMessage` fits the AI SDK's own `UIMessage` types without this package importing them.

import type * as v6 from "ai";
import type * as v5 from "ai-v5";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { Message } from "../../message";
import type { VercelUIMessage, VercelUIMessageLike, VercelUIMessagePart } from "./vercelUIMessage";
import { vercelUIMessageConverter } from "./vercelUIMessageConverter";

const thread: Message[] = [{ id: "u", role: "user", content: "Hi" }];

/** The parts of the approval states, which AI SDK 5's types do not have. */
type ApprovalPart = Extract<
  VercelUIMessagePart,
  { state: "approval-requested" | "approval-responded" | "output-denied" }
>;

describe("VercelUIMessage types", () => {
  it("has the shape of AI SDK 6's UIMessage, both ways", () => {
    const sent: v6.UIMessage[] = vercelUIMessageConverter().toExternal(thread);
    expectTypeOf<VercelUIMessage>().toExtend<v6.UIMessage>();
    expectTypeOf<v6.UIMessage>().toExtend<VercelUIMessage>();
    // What the AI SDK 6 client holds loads without a cast.
    const held: v6.UIMessage[] = [{ id: "u", role: "user", parts: [{ type: "text", text: "Hi" }] }];
    expect(vercelUIMessageConverter().fromExternal(held)).toEqual(thread);
    expect(sent).toHaveLength(1);
  });

  it("takes AI SDK 5's UIMessage, and gives it when asked for it", () => {
    expectTypeOf<v5.UIMessage>().toExtend<VercelUIMessage>();
    // AI SDK 5's types have no approval states (nor AI SDK 6's optional streaming input and
    // provider metadata with undefined members), hence the type parameter on the way out.
    expectTypeOf<ApprovalPart>().not.toBeNever();
    expectTypeOf<ApprovalPart>().not.toExtend<v5.UIMessagePart<v5.UIDataTypes, v5.UITools>>();
    const sentV5: v5.UIMessage[] = vercelUIMessageConverter<v5.UIMessage>().toExternal(thread);
    expect(sentV5[0]!.parts).toEqual([{ type: "text", text: "Hi" }]);
  });

  it("takes the app's own typed UIMessage", () => {
    type Typed = v6.UIMessage<
      { createdAt: number },
      { plan: { steps: string[] } },
      { weather: { input: { city: string }; output: { celsius: number } } }
    >;
    expectTypeOf<Typed>().toExtend<VercelUIMessageLike>();
    const loaded: Typed[] = [
      {
        id: "a",
        role: "assistant",
        metadata: { createdAt: 1 },
        parts: [
          { type: "data-plan", data: { steps: ["go"] } },
          {
            type: "tool-weather",
            toolCallId: "c",
            state: "output-available",
            input: { city: "Rome" },
            output: { celsius: 24 },
          },
        ],
      },
    ];
    // Loads without a cast.
    const messages = vercelUIMessageConverter<Typed>().fromExternal(loaded);
    expect(messages.map((m) => m.role)).toEqual(["activity", "assistant", "tool"]);
  });
});
