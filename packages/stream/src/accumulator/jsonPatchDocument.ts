import {
  existsIn,
  immutableJSONPatch,
  type JSONPatchDocument,
  type JSONPatchOperation,
  parseJSONPointer,
} from "immutable-json-patch";
import type { JsonPatchOperation } from "../events";

// A `__proto__` segment would give a copy another prototype instead of a field.
const PROTOTYPE_KEY = /(^|\/)__proto__(\/|$)/;

/**
 * Holds each operation (already checked for its op, path and from) to RFC 6902 where the
 * library is lenient: it skips a `replace` of a missing value, which the RFC calls an error.
 */
function checkOperation(document: unknown, operation: JSONPatchOperation) {
  const { op, path } = operation;
  if (PROTOTYPE_KEY.test(path) || ("from" in operation && PROTOTYPE_KEY.test(operation.from))) {
    throw new Error("a path names __proto__");
  }
  if (op === "replace" && !existsIn(document as never, parseJSONPointer(path)))
    throw new Error(`nothing to replace at "${path}"`);
  return {};
}

/**
 * `document` patched, or undefined after reporting why when the patch does not fit it or the
 * result does not `fit`. The document is never changed: the result is a copy along the
 * patched paths and shares everything else with it.
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
    const result = immutableJSONPatch(document as never, patch as JSONPatchDocument, {
      before: checkOperation,
    });
    if (fit(result)) return { result };
  } catch (error) {
    problem = error instanceof Error ? error.message : error;
  }
  report("malformed_event", `Could not apply the JSON Patch to ${what}: ${problem}`);
  return undefined;
}

/** How JSON Patches are applied: {@link patchedDocument}, or a stand-in while it loads. */
export type PatchApplier = typeof patchedDocument;

/** A {@link PatchApplier} with its `report` given: how the accumulator patches a document. */
export type BoundPatch = (
  document: unknown,
  patch: JsonPatchOperation[],
  what: string,
  fit?: (result: unknown) => boolean,
) => { result: any } | undefined;
