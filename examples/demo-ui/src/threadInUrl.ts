import type { ChatManager } from "@crayonai/react-core";
import { useEffect, useRef } from "react";

/** The `?thread=` of a URL's query, or null. */
export function threadFromSearch(search: string): string | null {
  const id = new URLSearchParams(search).get("thread");
  return id ? id : null;
}

/**
 * Sets the query parameter `name` (or removes it, for null) without reloading or adding a
 * history entry; the other parameters are kept.
 */
export function writeSearchParam(name: string, value: string | null): void {
  const url = new URL(window.location.href);
  if (value) url.searchParams.set(name, value);
  else url.searchParams.delete(name);
  window.history.replaceState(window.history.state, "", url);
}

/** Writes `?thread=` (or removes it for a new chat) without reloading; other params are kept. */
export function writeThreadToUrl(threadId: string | null): void {
  writeSearchParam("thread", threadId);
}

/**
 * Keeps the selected thread in the URL, so a reload (or a link, or a second tab) reopens the
 * thread the user was on; a reply still running there is followed live.
 */
export function useThreadInUrl(chat: ChatManager): void {
  const { selectedThreadId, selectThread } = chat.threadListManager;
  // The thread the page was opened on, until it is selected.
  const opening = useRef(threadFromSearch(window.location.search));
  useEffect(() => {
    if (opening.current) selectThread(opening.current);
  }, [selectThread]);
  useEffect(() => {
    // Before the first selection lands, "no thread" only means "not selected yet".
    if (opening.current && selectedThreadId !== opening.current) return;
    opening.current = null;
    writeThreadToUrl(selectedThreadId);
  }, [selectedThreadId]);
}
