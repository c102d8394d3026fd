import type { Message } from "@crayonai/stream";
import { useEffect, useRef, useState } from "react";
import { replySummary } from "../internal/replySummary";
import { findLast } from "../internal/visibleMessages";
import type { LocaleValue } from "../locale/format";
import { useLocale } from "../locale/LocaleProvider";

/** Props of {@link ReplyAnnouncer}. */
export type ReplyAnnouncerProps = {
  threadId: string | null;
  messages: readonly Message[];
  isRunning: boolean;
  /** Names the speaker in the announcement. */
  agentName?: string;
};

function announcementFor(
  message: Message,
  agentName: string | undefined,
  locale: LocaleValue,
): string | undefined {
  if (message.role !== "assistant" || message.isVisuallyHidden) return undefined;
  // Failures are announced by the error alert.
  if (message.status === "error") return undefined;
  const texts = locale.messages.conversation;
  const content = typeof message.content === "string" ? message.content : "";
  const { status } = message;
  return texts.announcement(
    agentName ?? locale.messages.chat.assistant,
    replySummary(content, locale) || texts.replied,
    status === "awaiting_input" || status === "stopped" ? status : "complete",
  );
}

/**
 * A polite live region that reads each finished reply once. The message list itself is not
 * live, so screen readers do not read every streamed token.
 */
export function ReplyAnnouncer({ threadId, messages, isRunning, agentName }: ReplyAnnouncerProps) {
  const locale = useLocale();
  const [announcement, setAnnouncement] = useState("");
  const previous = useRef({ threadId, isRunning });
  const announced = useRef(new Set<string>());

  useEffect(() => {
    const before = previous.current;
    previous.current = { threadId, isRunning };
    // Only a reply that just finished in this thread: not history, not a thread switch.
    if (before.threadId !== threadId || !before.isRunning || isRunning) return;
    const reply = findLast(messages, (m) => m.role === "assistant");
    if (!reply || announced.current.has(reply.id)) return;
    announced.current.add(reply.id);
    const text = announcementFor(reply, agentName, locale);
    if (text) setAnnouncement(text);
  }, [threadId, isRunning, messages, agentName, locale]);

  return (
    <div className="crayon-visually-hidden" aria-live="polite" aria-atomic="true">
      {announcement}
    </div>
  );
}
