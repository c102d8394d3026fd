import { outages } from "./reconnectGrace";
import type { ReplyKit } from "./replyKit";
import { runsElsewhere } from "./replyRecords";
import { LEASE_RENEW_MS } from "./replyTimings";

/**
 * A resumed reply, relayed through the store from the instance generating it (this one or
 * another), which ends with an error, so that its reader resumes from where it got to, when
 * that instance stops renewing the reply's lease (it died), when the store's connection was
 * lost meanwhile (what was published then is lost), or when it ends without the reply being
 * recorded as ended.
 */
export function relayed(
  kit: ReplyKit,
  stream: ReadableStream<string>,
  id: string,
): ReadableStream<string> {
  const { store, reader, keys } = kit;
  const outagesBefore = outages(store).count;
  /** An outage began since the relay started: what was published meanwhile is lost. */
  const interrupted = () => outages(store).count !== outagesBefore;
  const source = stream.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Looks that found the reply ended while its end had not arrived. */
  let ending = 0;
  let gone = false;
  return new ReadableStream<string>({
    start(controller) {
      const cut = (why: string) => {
        if (gone) return;
        gone = true;
        clearTimeout(timer);
        controller.error(new Error(`The relayed reply was cut: ${why}.`));
        source.cancel(why).catch(() => {});
      };
      const watch = async () => {
        try {
          if (interrupted()) return cut("the store's connection was lost");
          // Ended: its last chunks and end are on their way; two more looks, then it is cut.
          if (await runsElsewhere(kit, id)) ending = 0;
          else if (++ending > 2) return cut("it ended without its end arriving");
        } catch {
          return cut("the store is unavailable");
        }
        if (!gone) timer = setTimeout(watch, LEASE_RENEW_MS);
      };
      timer = setTimeout(watch, LEASE_RENEW_MS);
      const pump = async () => {
        try {
          for (;;) {
            const { done, value } = await source.read();
            if (gone) return;
            if (interrupted()) return cut("the store's connection was lost");
            if (!done) {
              controller.enqueue(value);
              continue;
            }
            // `resumable-stream` also ends a relay whose record vanished: only a reply
            // recorded as ended is ended here.
            if ((await reader.publisher.get(keys.sentinelKey(id))) !== "DONE") {
              return cut("it is not recorded as ended");
            }
            gone = true;
            clearTimeout(timer);
            controller.close();
            return;
          }
        } catch {
          cut("the store is unavailable");
        }
      };
      void pump();
    },
    cancel(reason) {
      gone = true;
      clearTimeout(timer);
      return source.cancel(reason);
    },
  });
}
