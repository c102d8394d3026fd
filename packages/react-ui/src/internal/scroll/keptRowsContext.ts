import { createContext } from "react";

/**
 * The message list's rows (by `data-index`) kept rendered wherever the list is scrolled, one
 * entry per holder: a windowed list otherwise drops rows out of view. An embedded app holds its
 * row while its frame is alive, so the app is told before its frame goes. The list reads it each
 * time it works out which rows to render. Null outside a list.
 */
export const KeptRowsContext = createContext<number[] | null>(null);
