import { ChatError } from "./chatError";
import type * as HistoryRevisions from "./historyRevisions";

let revisions: Promise<typeof HistoryRevisions> | undefined;

/**
 * Loads the edits of `historyRevisions.ts` (once). The thread core asks for them as soon as a
 * thread has messages, while the network is up, so regenerating, editing or answering does not
 * wait for them; a failed load is tried again on the next call.
 */
export function loadHistoryRevisions(): Promise<typeof HistoryRevisions> {
  revisions ??= import("./historyRevisions").catch((cause: unknown) => {
    revisions = undefined;
    throw new ChatError("network", "The code that changes the history could not be loaded.", {
      cause,
    });
  });
  return revisions;
}
