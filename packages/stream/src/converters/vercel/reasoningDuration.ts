import { isRecord } from "../../internal/jsonData";
import type { VercelReasoningPart } from "./vercelUIMessage";

// The AI SDK's reasoning part has no duration; its provider metadata is the one place a part
// carries data of its own, and providers read only their own key there, so Crayon's
// `durationMs` travels as `providerMetadata.crayon.durationMs`.

/** `part` with `durationMs` written into its provider metadata (unchanged without one). */
export function withReasoningDuration(
  part: VercelReasoningPart,
  durationMs: number | undefined,
): VercelReasoningPart {
  if (durationMs === undefined) return part;
  const metadata = part.providerMetadata ?? {};
  return {
    ...part,
    providerMetadata: { ...metadata, crayon: { ...metadata.crayon, durationMs } },
  };
}

/**
 * The duration a reasoning part carries, and its provider metadata without it (undefined when
 * nothing else is left). A duration that is not a finite, non-negative number is dropped.
 */
export function readReasoningDuration(providerMetadata: unknown): {
  durationMs?: number | undefined;
  providerMetadata?: Record<string, unknown> | undefined;
} {
  if (!isRecord(providerMetadata)) return {};
  const { crayon, ...providers } = providerMetadata;
  if (!isRecord(crayon)) return { providerMetadata };
  const { durationMs, ...ours } = crayon;
  if (Object.keys(ours).length) providers.crayon = ours;
  return {
    // Number.isFinite is false for anything that is not a number.
    durationMs:
      Number.isFinite(durationMs) && (durationMs as number) >= 0
        ? (durationMs as number)
        : undefined,
    providerMetadata: Object.keys(providers).length ? providers : undefined,
  };
}
