import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import type { CrayonChatProps } from "../CrayonChat";
import { useLocale } from "../locale/LocaleProvider";
import { themeAttributes } from "../theme";
import { ChatPanel } from "./ChatPanel";
import { ChatBubbleIcon, CloseIcon, ConversationsIcon } from "./StrokeIcon";
import { ThreadList } from "./ThreadList";

/** Open state of the bottom tray: controlled by `isOpen` when given, otherwise internal. */
function useOpenState(
  isOpen: boolean | undefined,
  defaultOpen: boolean | undefined,
  onOpenChange: ((open: boolean) => void) | undefined,
) {
  const [internalOpen, setInternalOpen] = useState(defaultOpen ?? false);
  const open = isOpen ?? internalOpen;
  const setOpen = (next: boolean) => {
    if (isOpen === undefined) setInternalOpen(next);
    onOpenChange?.(next);
  };
  return [open, setOpen] as const;
}

/**
 * The chat laid out as its `type` asks: the thread list beside the conversation (a drawer on a
 * narrow screen), a side panel, or a launcher that opens a floating panel; with the artifact.
 */
export function ChatLayout(props: Omit<CrayonChatProps, "allowedImageOrigins">) {
  const locale = useLocale();
  const texts = locale.messages.chat;
  const {
    chat,
    type = "standalone",
    theme,
    disableThemeProvider,
    isArtifactActive,
    renderArtifact,
    isOpen,
    onOpenChange,
    defaultOpen,
    agentName,
    ...panelProps
  } = props;
  const [open, setOpen] = useOpenState(isOpen, defaultOpen, onOpenChange);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const panelId = useId();
  const sidebarId = useId();
  const mainId = useId();
  const sidebarRef = useRef<HTMLElement>(null);
  const threadsToggleRef = useRef<HTMLButtonElement>(null);
  // Standalone on a narrow screen: the thread list is a drawer that slides over the chat from a
  // toggle in the header (styles.css). On wide screens it always shows and this state has no
  // visible effect.
  const [threadsOpen, setThreadsOpen] = useState(false);

  // Move focus into the tray when it opens and back to the launcher when it closes; not on the
  // first render, which must not steal focus from the page.
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current === open) return;
    wasOpen.current = open;
    if (open) composerRef.current?.focus();
    else launcherRef.current?.focus();
  }, [open]);

  // The list sits above the header that opens it: move focus into it, or Tab would skip it.
  useEffect(() => {
    if (!threadsOpen) return;
    const list = sidebarRef.current;
    const target =
      list?.querySelector<HTMLElement>('[aria-current="page"]') ?? list?.querySelector("button");
    target?.focus();
  }, [threadsOpen]);

  // Stable while the drawer stays as it is: the thread list is not rendered again with every
  // streamed update of the conversation.
  const onNavigate = useCallback(() => {
    if (!threadsOpen) return;
    // The chosen conversation shows: continue in its composer.
    setThreadsOpen(false);
    composerRef.current?.focus();
  }, [threadsOpen]);

  const rootClass = `crayon-chat crayon-chat--${type}${threadsOpen ? " crayon-chat--threads-open" : ""}`;
  // Messages and inputs take their own direction (`dir="auto"`); the frame takes the locale's.
  const rootProps = {
    dir: locale.dir,
    lang: locale.lang,
    ...(disableThemeProvider
      ? { className: rootClass }
      : { className: `crayon-theme ${rootClass}`, ...themeAttributes(theme) }),
  };
  const artifact = isArtifactActive && renderArtifact && (
    <aside className="crayon-artifact" aria-label={texts.artifact}>
      {renderArtifact()}
    </aside>
  );
  const panel = (
    <ChatPanel
      {...panelProps}
      chat={chat}
      agentName={agentName}
      // Standalone has New chat in its thread list; on a phone, where the list is a drawer, in
      // the header too.
      showNewChat={type === "standalone" ? "narrow" : true}
      threadsToggle={
        type === "standalone" && (
          <button
            ref={threadsToggleRef}
            type="button"
            className="crayon-icon-button crayon-threads-toggle"
            aria-label={texts.conversations}
            aria-expanded={threadsOpen}
            aria-controls={sidebarId}
            onClick={() => setThreadsOpen(!threadsOpen)}
          >
            <ConversationsIcon />
          </button>
        )
      }
      onClose={type === "bottom-tray" ? () => setOpen(false) : undefined}
      composerRef={composerRef}
    />
  );

  if (type === "bottom-tray") {
    const onPanelKeyDown = (event: KeyboardEvent) => {
      // The composer handles Escape first when it stops a reply.
      if (event.key === "Escape" && !event.defaultPrevented) setOpen(false);
    };
    const label = agentName ?? texts.assistant;
    return (
      <div {...rootProps}>
        {open && (
          <section
            id={panelId}
            className="crayon-tray"
            role="dialog"
            aria-label={texts.chatWith(label)}
            onKeyDown={onPanelKeyDown}
          >
            {panel}
            {artifact}
          </section>
        )}
        <button
          ref={launcherRef}
          type="button"
          className="crayon-tray-launcher"
          aria-label={open ? texts.closeChatWith(label) : texts.openChatWith(label)}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen(!open)}
        >
          {open ? <CloseIcon /> : <ChatBubbleIcon />}
        </button>
      </div>
    );
  }

  return (
    <div {...rootProps}>
      {type === "standalone" && (
        // Past the conversations (New chat, search, the list) to the message box in one key
        // press; shown only while focused.
        <a
          className="crayon-skip-link"
          href={`#${mainId}`}
          onClick={(event) => {
            event.preventDefault();
            composerRef.current?.focus();
          }}
        >
          {texts.skipToComposer}
        </a>
      )}
      {type === "standalone" && (
        <aside
          ref={sidebarRef}
          id={sidebarId}
          className="crayon-sidebar"
          onKeyDown={(event) => {
            if (event.key !== "Escape" || !threadsOpen || event.defaultPrevented) return;
            setThreadsOpen(false);
            threadsToggleRef.current?.focus();
          }}
        >
          <ThreadList chat={chat} onNavigate={onNavigate} />
        </aside>
      )}
      {threadsOpen && (
        // The dimmed page beside the open drawer (narrow screens): a tap closes the drawer.
        // Keyboard users close it with Escape or the Conversations toggle.
        <div
          className="crayon-drawer-backdrop"
          aria-hidden="true"
          onClick={() => setThreadsOpen(false)}
        />
      )}
      <section id={mainId} className="crayon-main" aria-label={texts.region}>
        {panel}
      </section>
      {artifact}
    </div>
  );
}
