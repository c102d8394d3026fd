// fast-json-patch ships CommonJS to Node: only its default export is importable everywhere.
import jsonPatch from "fast-json-patch";
import type { JsonPatchOperation } from "../events";

/**
 * `document` patched (a copy), or undefined after reporting why when the patch does not fit
 * it or the result does not `fit`.
 */
export function patchedDocument(
  document: unknown,
  patch: JsonPatchOperation[],
  what: string,
  report: (code: "malformed_event", error: string) => void,
  fit: (result: unknown) => boolean = () => true,
): { result: any } | undefined {
  let problem: unknown = "the result is not an object";
  try {
    const result = jsonPatch.applyPatch(document, patch as any, false, false).newDocument;
    if (fit(result)) return { result };
  } catch (error) {
    problem = error instanceof Error ? error.message : error;
  }
  report("malformed_event", `Could not apply the JSON Patch to ${what}: ${problem}`);
  return undefined;
}
