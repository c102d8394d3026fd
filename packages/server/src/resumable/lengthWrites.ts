import type { LocalReply } from "./localReply";
import type { ReplyKit } from "./replyKit";
import { LENGTH_WRITE_MS } from "./replyTimings";
import { utf8Length } from "./utf8";

/**
 * Keeps the store's length of a reply close behind the real one, for other instances' range
 * checks, and with `keepProducedText` the text produced since the last write (at its byte
 * offset, so a write made again after a failure leaves the same text): at most one write per
 * {@link LENGTH_WRITE_MS}, with the latest length (a store command per event would cost more
 * than the rest of the reply's handling). A write is made when a piece arrives that long after
 * the last one began, or, once pieces stop coming, that long after the last piece: a timer per
 * write would wake the process some 20 times a second per reply, which cost more than the
 * writes themselves.
 */
export function writeLength(kit: ReplyKit, local: LocalReply): void {
  const { producer, setRange, keys, ttl } = kit;
  if (local.stored === local.length) return;
  writeLater(kit, local);
  if (local.writing || Date.now() - local.lastWrite < LENGTH_WRITE_MS) return;
  local.writing = true;
  local.lastWrite = Date.now();
  const length = local.length;
  const rewrites = local.rewrites;
  const chunks = local.chunks.length;
  // Only what is new is joined: a reply's whole text is never copied per write.
  const piece = setRange ? local.chunks.slice(local.storedChunks, chunks).join("") : "";
  const writes = [producer.publisher.set(keys.lengthKey(local.id), String(length), { EX: ttl })];
  if (setRange) {
    // The first piece (or all of it again, after the store restarted) sets the key's expiry.
    writes.push(
      local.stored === 0
        ? producer.publisher.set(keys.textKey(local.id), piece, { EX: ttl })
        : setRange(keys.textKey(local.id), local.storedBytes, piece),
    );
  }
  void Promise.all(writes).then((answers) => {
    // A failed write (the store is down) is made again, from the same offset.
    if (local.rewrites === rewrites && answers.every((answer) => answer !== null)) {
      local.stored = length;
      local.storedChunks = chunks;
      local.storedBytes += utf8Length(piece);
    }
    local.writing = false;
    if (local.stored !== local.length) writeLater(kit, local);
  });
}

/** (Re)starts the timer that writes a reply's length {@link LENGTH_WRITE_MS} from now. */
function writeLater(kit: ReplyKit, local: LocalReply): void {
  const timer = local.trailing;
  // Node's timers move without being made again (a piece per event keeps pushing it back).
  if (timer && typeof timer === "object" && "refresh" in timer) timer.refresh();
  else {
    clearTimeout(timer);
    local.trailing = setTimeout(() => writeLength(kit, local), LENGTH_WRITE_MS);
    (local.trailing as { unref?: () => void }).unref?.();
  }
}
