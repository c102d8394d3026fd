import type { MediaPart } from "@crayonai/stream";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocale } from "../../locale/LocaleProvider";
import {
  attachmentPart,
  attachmentProblem,
  type ResolvedAttachmentOptions,
  readAsDataUrl,
} from "./attachments";

/** A file attached to the message being written. */
export type PendingAttachment = {
  id: string;
  file: File;
  /** A local `blob:` URL for an image's thumbnail (revoked when the attachment goes). */
  previewUrl?: string;
  status: "uploading" | "ready" | "failed";
  /** The content part the message will carry, once the file is read or uploaded. */
  part?: MediaPart;
  error?: string;
};

let nextId = 0;

function revoke(items: readonly PendingAttachment[]) {
  for (const item of items) if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
}

/**
 * The attachments of the message being written: adding checks each file against the limits
 * (what fails is reported in `problems`, by name) and starts reading or uploading it.
 */
export function useAttachments(options: ResolvedAttachmentOptions) {
  const [items, setItems] = useState<PendingAttachment[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  // Polite announcements of what changed, for screen readers.
  const [announcement, setAnnouncement] = useState("");
  const locale = useLocale();
  const texts = locale.messages.attachments;
  const current = useRef(items);
  current.current = items;
  useEffect(() => () => revoke(current.current), []);

  const load = useCallback(
    (item: PendingAttachment) => {
      const { file } = item;
      const url = options.uploadAttachment ? options.uploadAttachment(file) : readAsDataUrl(file);
      url.then(
        (value) => {
          const part = attachmentPart(file, value);
          setItems((list) =>
            list.map((i) => (i.id === item.id ? { ...i, status: "ready", part } : i)),
          );
        },
        (error: unknown) => {
          const reason =
            error instanceof Error && error.message ? error.message : texts.uploadFailed;
          setItems((list) =>
            list.map((i) =>
              i.id === item.id ? { ...i, status: "failed", error: `${file.name}: ${reason}` } : i,
            ),
          );
          setAnnouncement(texts.notAttached(file.name, reason));
        },
      );
    },
    [options.uploadAttachment, texts],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      const found: string[] = [];
      const added: PendingAttachment[] = [];
      let count = current.current.length;
      for (const file of files) {
        const problem = attachmentProblem(file, options, count, locale);
        if (problem) {
          found.push(problem);
          continue;
        }
        count++;
        const item: PendingAttachment = { id: `attachment-${++nextId}`, file, status: "uploading" };
        // Some environments (server rendering, old test DOMs) have no object URLs: no thumbnail.
        if (file.type.startsWith("image/") && typeof URL.createObjectURL === "function") {
          item.previewUrl = URL.createObjectURL(file);
        }
        added.push(item);
      }
      setProblems(found);
      if (added.length) {
        setItems((list) => [...list, ...added]);
        setAnnouncement(texts.attached(locale.format.list(added.map((item) => item.file.name))));
        for (const item of added) load(item);
      } else if (found.length) {
        setAnnouncement("");
      }
    },
    [options, load, locale, texts],
  );

  const remove = useCallback(
    (id: string) => {
      const item = current.current.find((i) => i.id === id);
      if (!item) return;
      revoke([item]);
      setItems((list) => list.filter((i) => i.id !== id));
      setAnnouncement(texts.removed(item.file.name));
    },
    [texts],
  );

  const retry = useCallback(
    (id: string) => {
      const item = current.current.find((i) => i.id === id);
      if (item?.status !== "failed") return;
      const again: PendingAttachment = { ...item, status: "uploading" };
      delete again.error;
      setItems((list) => list.map((i) => (i.id === id ? again : i)));
      load(again);
    },
    [load],
  );

  /** Takes the attachments for sending: the list empties, previews stay valid until `release`. */
  const take = useCallback(() => {
    const taken = current.current;
    setItems([]);
    setProblems([]);
    return taken;
  }, []);

  /** Puts taken attachments back (the message could not be sent). */
  const restore = useCallback((taken: PendingAttachment[]) => {
    setItems((list) => [...taken, ...list]);
  }, []);

  return {
    items,
    problems,
    announcement,
    add,
    remove,
    retry,
    take,
    restore,
    /** Frees the previews of sent attachments. */
    release: revoke,
    isUploading: items.some((i) => i.status === "uploading"),
    hasFailed: items.some((i) => i.status === "failed"),
  };
}
