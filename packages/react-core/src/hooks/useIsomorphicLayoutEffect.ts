import { type EffectCallback, useEffect, useLayoutEffect } from "react";

/**
 * `useLayoutEffect` in a browser (it runs before paint and before passive effects), `useEffect`
 * on a server, where layout effects never run. Decided per call, so importing reads no global.
 */
export function useIsomorphicLayoutEffect(effect: EffectCallback): void {
  const useEffectHere = typeof document === "undefined" ? useEffect : useLayoutEffect;
  useEffectHere(effect);
}
