import type { ChatManager } from "@crayonai/react-core";
import { useEffect, useRef } from "react";

/** The `?thread=` of a URL's query, or null. */
export function threadFromSearch(search: string): string | null {
  const id = new URLSearchParams(search).get("thread");
  return id ? id : null;
}

/** Writes `?thread=` (or removes it for a new chat) without reloading; other params are kept. */
export function writeThreadToUrl(threadId: string | null): void {
  const url = new URL(window.location.href);
  if (threadId) url.searchParams.set("thread", threadId);
  else url.searchParams.delete("thread");
  window.history.replaceState(window.history.state, "", url);
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
