import type { DefinedTool, ToolArgsValidation } from "@crayonai/react-core";
import { useEffect, useMemo, useState } from "react";

type Validate = DefinedTool["validate"];

/** A validator that throws fails the arguments with its message rather than the tool UI. */
function validateSafely(validate: Validate, args: unknown) {
  const thrown = (error: unknown): ToolArgsValidation => ({
    issues: [{ message: error instanceof Error ? error.message : String(error) }],
  });
  try {
    const result = validate(args);
    return result instanceof Promise ? result.catch(thrown) : result;
  } catch (error) {
    return thrown(error);
  }
}

/**
 * The tool's verdict on complete arguments (`argsText` parsed), or undefined while they stream,
 * when they are not JSON (the call is answered with an error) or while an asynchronous
 * validation is pending.
 */
export function useToolArgsValidation(
  validate: Validate,
  argsText: string,
  complete: boolean,
): ToolArgsValidation | undefined {
  const checked = useMemo(() => {
    if (!complete) return undefined;
    let args: unknown;
    try {
      args = JSON.parse(argsText || "{}");
    } catch {
      return undefined;
    }
    return validateSafely(validate, args);
  }, [validate, argsText, complete]);

  const [settled, setSettled] = useState<{ of: Promise<unknown>; result: ToolArgsValidation }>();
  useEffect(() => {
    if (!(checked instanceof Promise)) return;
    let current = true;
    void checked.then((result) => {
      if (current) setSettled({ of: checked, result });
    });
    return () => {
      current = false;
    };
  }, [checked]);

  if (!(checked instanceof Promise)) return checked;
  return settled?.of === checked ? settled.result : undefined;
}
