import { DatabaseUnavailableError } from "@crayonai/server/threads";
import type { Message } from "@crayonai/stream";

/** What {@link branchWriter} returns: where a streaming reply's thread goes. */
export type BranchWriter = {
  /** Saves the thread so far; a checkpoint that finds another being written waits, or is replaced by a newer one. */
  checkpoint(messages: Message[]): void;
  /** Saves the settled thread once the checkpoint under way is written; a waiting one is dropped. */
  settle(messages: Message[]): Promise<void>;
};

/**
 * Saves a reply's thread with `save` one write at a time and in order, so a checkpoint written
 * late never overwrites the finished (stopped, failed) reply. Failures are logged, never thrown:
 * the reply goes on. An unavailable database is not logged again (the store said so once).
 */
export function branchWriter(save: (messages: Message[]) => Promise<unknown>): BranchWriter {
  let writing: Promise<void> = Promise.resolve();
  let busy = false;
  let waiting: Message[] | undefined;

  const write = (messages: Message[], what: string) =>
    save(messages).then(
      () => {},
      (error) => {
        if (!(error instanceof DatabaseUnavailableError))
          console.error(`The demo agent could not ${what}:`, error);
      },
    );

  return {
    checkpoint(messages) {
      if (busy) {
        waiting = messages;
        return;
      }
      busy = true;
      writing = (async () => {
        for (let next: Message[] | undefined = messages; next; ) {
          await write(next, "checkpoint the reply");
          next = waiting;
          waiting = undefined;
        }
        busy = false;
      })();
    },
    async settle(messages) {
      waiting = undefined;
      await writing;
      await write(messages, "save the reply");
    },
  };
}
