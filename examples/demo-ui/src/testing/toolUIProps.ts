import type { ToolUIProps } from "@crayonai/react-ui";
import { vi } from "vitest";

/** Props for a tool UI of any argument and result types (the test picks the values). */
type AnyToolUIProps = ToolUIProps<any, any>;

/** The props a tool UI gets, with spies for its answers, for rendering it alone in a test. */
export function toolUIProps(overrides: Partial<AnyToolUIProps> = {}): AnyToolUIProps {
  return {
    toolName: "tool",
    toolCallId: "c1",
    args: undefined,
    argsText: "",
    status: "running",
    result: undefined,
    error: undefined,
    addResult: vi.fn(() => Promise.resolve()),
    addError: vi.fn(() => Promise.resolve()),
    approve: vi.fn(() => Promise.resolve()),
    reject: vi.fn(() => Promise.resolve()),
    toolCall: { id: "c1", type: "function", function: { name: "tool", arguments: "" } },
    resultMessage: undefined,
    ...overrides,
  };
}
