import { pause } from "../../pause";
import type { ScriptContext } from "../../script";

/**
 * Text-delta delays one progress update waits. The server paces only streamed text, so runs
 * that progress through activity updates wait on their own (as `/plan` does).
 */
const DELAYS_PER_UPDATE = 25;

/**
 * Waits before the next progress update: `updates × 25 × delayMs` (no wait when the server's
 * delay is 0, as in tests). Resolves early when the reply is stopped, and returns whether the
 * reply goes on.
 */
export async function waitForUpdate(context: ScriptContext, updates = 1): Promise<boolean> {
  await pause((context.delayMs ?? 0) * DELAYS_PER_UPDATE * updates, context.signal);
  return !context.signal.aborted;
}
