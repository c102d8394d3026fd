import type { ToolCallStatus } from "../internal/toolCalls/toolCallStatus";
import type { HostedToolMessages, McpAppMessages } from "./lazyMessages";

/**
 * A number as a message receives it: its value, its text as the locale writes it
 * (`Intl.NumberFormat`: "3", "1,234", "٣") and its plural category in the locale
 * (`Intl.PluralRules`: English has `one` and `other`, Arabic also `zero`, `two`, `few`, `many`).
 *
 * @example
 * ```ts
 * prompt: (count) => `Send ${count.text} queued ${count.category === "one" ? "message" : "messages"}?`
 * ```
 */
export type CountValue = {
  /** The number itself. */
  value: number;
  /** The number written for the locale. */
  text: string;
  /** Which plural form the locale uses for it. */
  category: Intl.LDMLPluralRule;
};

/** How a finished reply ended, as its announcement says. */
export type AnnouncedStatus = "complete" | "awaiting_input" | "stopped";

/**
 * Every text `@crayonai/react-ui` shows or gives to assistive technology, by area: plain strings,
 * and functions for texts with values (names, titles, counts). Counts arrive as
 * {@link CountValue}s, formatted for the chat's locale with their plural category; durations,
 * sizes and lists arrive as text already formatted with `Intl`. The English catalogue is the
 * default; `@crayonai/react-ui/locales/ar` is a complete Arabic one. Pass a whole catalogue, or
 * only the texts to change, as `CrayonChat`'s `messages`.
 *
 * `hostedTools` and `mcpApps` are the texts of parts loaded with `import()` when they first show
 * (the cards of tools a server ran, MCP Apps): their English comes with those parts, so the
 * bundled catalogue leaves them out. A catalogue of another language should have them: type it
 * `Required<CrayonMessages>` to be told of every text it lacks.
 */
export type CrayonMessages = {
  /** The chat's frame: header, layouts, bottom tray, welcome screen. */
  chat: {
    /** "Assistant": the name used when `agentName` is not set. */
    assistant: string;
    /** "New chat": the header's and the thread list's button. */
    newChat: string;
    /** "Close chat": the header's close button (bottom tray). */
    closeChat: string;
    /** "Conversations": the thread list, and the button that shows it on a narrow screen. */
    conversations: string;
    /** "Chat": the region holding the conversation (standalone layout). */
    region: string;
    /** "Artifact": the artifact panel. */
    artifact: string;
    /** "Skip to the message box": the skip link before the thread list. */
    skipToComposer: string;
    /** "Chat with Ada": the bottom tray's panel, and the welcome title when only the name is set. */
    chatWith: (name: string) => string;
    /** "Open chat with Ada": the bottom tray's launcher while closed. */
    openChatWith: (name: string) => string;
    /** "Close chat with Ada": the bottom tray's launcher while open. */
    closeChatWith: (name: string) => string;
    /** "How can I help?": the welcome title without a title or agent name. */
    welcomeTitle: string;
    /** "Conversation starters": the list of suggested first messages. */
    conversationStarters: string;
  };
  /** Texts several parts share. */
  common: {
    /** "Approve": an approval request's button. */
    approve: string;
    /** "Reject": an approval request's button. */
    reject: string;
    /** "Retry": a failed reply's or attachment's button. */
    retry: string;
    /** "Cancel". */
    cancel: string;
    /** "Save". */
    save: string;
    /** "Edit". */
    edit: string;
    /** "Remove". */
    remove: string;
    /** "Delete". */
    delete: string;
    /** "Rename". */
    rename: string;
    /** "Copied": a copy button once it copied. */
    copied: string;
    /** "Failed": an attachment that could not be uploaded. */
    failed: string;
  };
  /** The message input. */
  composer: {
    /** "Send a message": the composer form. */
    label: string;
    /** "Type a message…": the input's placeholder (the composer's `placeholder` prop wins). */
    placeholder: string;
    /** "Answer the assistant…": the placeholder while the assistant waits for an answer. */
    answerPlaceholder: string;
    /** "Queue a follow-up…": the placeholder while a reply streams (Enter queues). */
    queuePlaceholder: string;
    /** "Message": the input's label. */
    message: string;
    /** "Your answer": the input's label while the assistant waits for an answer. */
    answer: string;
    /** "Send message": the send button. */
    send: string;
    /** "Send answer": the send button while the assistant waits for an answer. */
    sendAnswer: string;
    /** "Stop generating": the stop button while a reply streams. */
    stop: string;
    /** "Attach files": the paper clip button. */
    attach: string;
    /** "Drop files to attach them": shown while files are dragged over the composer. */
    dropFiles: string;
    /** Shown while an approval request waits on its tool call card. */
    approvalOnCard: string;
    /** "The assistant is waiting for your answer": the Approve / Reject group's legend. */
    awaitingAnswer: string;
    /** Said when a message cannot be sent or queued while a reply streams (`queue: false`). */
    busy: string;
  };
  /** Files attached in the composer. */
  attachments: {
    /** "Attachments": the list of attached files. */
    list: string;
    /** "Uploading…": a file still being read or uploaded. */
    uploading: string;
    /** "Retry photo.png". */
    retryFile: (name: string) => string;
    /** "Remove photo.png". */
    removeFile: (name: string) => string;
    /** "photo.png, notes.md attached": announced; `names` is the locale's list of the names. */
    attached: (names: string) => string;
    /** "photo.png removed": announced. */
    removed: (name: string) => string;
    /** "photo.png could not be attached: storage is offline": announced. */
    notAttached: (name: string, reason: string) => string;
    /** "upload failed": the reason when reading or uploading a file fails without one. */
    uploadFailed: string;
    /** Refused: the message already has the most files it may carry. */
    tooMany: (name: string, max: CountValue) => string;
    /** Refused: a type of file the composer does not accept. */
    typeRefused: (name: string) => string;
    /** Refused: an empty file. */
    empty: (name: string) => string;
    /** Refused: "big.png is 5 MB; the limit is 4 MB." (sizes formatted for the locale). */
    tooLarge: (name: string, size: string, limit: string) => string;
    /** "Attached image": an attached image without a file name. */
    image: string;
  };
  /** Messages queued while a reply streams. */
  queue: {
    /** "Queued messages": the queue. */
    label: string;
    /** "Send 2 queued messages?": asked after a stopped or failed reply. */
    prompt: (count: CountValue) => string;
    /** "Send now". */
    sendNow: string;
    /** "Discard". */
    discard: string;
    /** "Queued": the tag on each queued message. */
    tag: string;
    /** "Queued: text": a queued message, and its announcement. */
    item: (text: string) => string;
    /** "Sent: text": announced when a queued message is sent. */
    sent: (text: string) => string;
    /** "Edit queued: text": its Edit button. */
    editItem: (text: string) => string;
    /** "Remove queued: text": its Remove button. */
    removeItem: (text: string) => string;
    /** "Edit queued message": the input that edits it. */
    editLabel: string;
    /** "(2 attachments)": after a queued message's text. */
    attachments: (count: CountValue) => string;
  };
  /** The message list and each message. */
  conversation: {
    /** "Messages": the message log. */
    log: string;
    /** "Loading messages…". */
    loading: string;
    /** "2 messages could not be displayed": rows that are not messages at all. */
    notListed: (count: CountValue) => string;
    /** "Assistant is replying": the indicator before a reply's first word. */
    replying: string;
    /** "Scroll to latest message". */
    scrollToLatest: string;
    /** "Reconnecting…": while a dropped reply is resumed. */
    reconnecting: string;
    /** "You": the speaker of a user message, for screen readers. */
    you: string;
    /** "This message could not be displayed": a message that failed to render. */
    messageNotShown: string;
    /** "This tool call could not be displayed". */
    toolCallNotShown: string;
    /** "This activity could not be displayed". */
    activityNotShown: string;
    /** "user message m1": which message could not be displayed. */
    messageDetail: (role: string, id: string) => string;
    /** "Copy": a reply's copy button. */
    copy: string;
    /** "Copy as markdown": its tooltip. */
    copyMarkdown: string;
    /** "Good response". */
    good: string;
    /** "Bad response". */
    bad: string;
    /** "Regenerate". */
    regenerate: string;
    /** "Edit message": the editor of a sent message. */
    editMessage: string;
    /** "Edited message": its input's label. */
    editedMessage: string;
    /** "Previous version": the branch picker. */
    previousVersion: string;
    /** "Next version". */
    nextVersion: string;
    /** "Version": read before the position. */
    version: string;
    /** "1 / 2": the version shown, of how many. */
    versionPosition: (index: CountValue, count: CountValue) => string;
    /** "Declined": a refusal's tag. */
    declined: string;
    /** "The model declined": a refusal. */
    modelDeclined: string;
    /** "Waiting for your input": a reply waiting for the user. */
    awaitingInput: string;
    /** "Stopped": a reply the user stopped. */
    stopped: string;
    /** "This reply failed.": a failed reply without an error message. */
    replyFailed: string;
    /** "Something went wrong.": an error without a message. */
    error: string;
    /** "Sent from the Clock app": a message an MCP App sent for the user. */
    sentFromApp: (app: string) => string;
    /** "Thinking…": reasoning while it streams. */
    thinking: string;
    /** "Thought": reasoning of unknown duration. */
    thought: string;
    /**
     * "Thought for 3 s": reasoning that took `duration` (formatted for the locale with
     * `Intl.DurationFormat` where the browser has it), `seconds` long.
     */
    thoughtFor: (duration: string, seconds: CountValue) => string;
    /** "replied": announced for a finished reply without text. */
    replied: string;
    /** "Ada: text (stopped)": how a finished reply is announced to screen readers. */
    announcement: (name: string, text: string, status: AnnouncedStatus) => string;
    /** "(continues in the conversation, 12 thousand characters in all)": after a long reply's start. */
    continues: (size: string) => string;
  };
  /** Search in the conversation. */
  search: {
    /** "Search this conversation": its button and input. */
    label: string;
    /** "Search this conversation (Ctrl+F)": its button's tooltip. */
    shortcut: string;
    /** "Previous match". */
    previous: string;
    /** "Next match". */
    next: string;
    /** "Close search". */
    close: string;
    /** "2 of 5". */
    position: (current: CountValue, total: CountValue) => string;
    /** "No matches". */
    none: string;
  };
  /** The thread list. */
  threadList: {
    /** "Search conversations". */
    search: string;
    /** "No conversations match.". */
    noMatch: string;
    /** "Load more". */
    loadMore: string;
    /** "Untitled": a thread without a title. */
    untitled: string;
    /** "(replying)": after the title of a thread whose reply streams, for screen readers. */
    replying: string;
    /** "New title for Trip": the rename input. */
    newTitle: (title: string) => string;
    /** "Rename Trip". */
    renameThread: (title: string) => string;
    /** "Delete Trip". */
    deleteThread: (title: string) => string;
    /** "Delete Trip?": the confirmation. */
    confirmDelete: (title: string) => string;
    /** "Delete?": the confirmation's text. */
    deleteQuestion: string;
    /** "More actions for Trip": the row's menu button. */
    moreActions: (title: string) => string;
    /** "Actions for Trip": the row's menu. */
    actions: (title: string) => string;
    /** "Today": a group. Older groups are months, named with `Intl.DateTimeFormat`. */
    today: string;
    /** "Yesterday". */
    yesterday: string;
    /** "Previous 7 days". */
    previous7Days: string;
    /** "Previous 30 days". */
    previous30Days: string;
    /** "now": a thread active in the last minute. Older: "5 min", "2 h", then weekday or date. */
    now: string;
    /** "5 min". */
    minutes: (count: CountValue) => string;
    /** "2 h". */
    hours: (count: CountValue) => string;
  };
  /** The built-in tool call card and the cards of tools the server ran. */
  tools: {
    /** "get_weather: approval needed": an approval request. */
    approvalNeeded: (tool: string) => string;
    /** "It will run with": above an approval request's arguments. */
    willRunWith: string;
    /** "Approved with": above an approved call's arguments. */
    approvedWith: string;
    /** "Asked to run with": above a rejected call's arguments. */
    askedToRunWith: string;
    /** "Arguments". */
    arguments: string;
    /** "Error". */
    error: string;
    /** "Result". */
    result: string;
    /** "Approved by you". */
    approvedByYou: string;
    /** "Rejected by you: not now": with the reason when there is one. */
    rejectedByYou: (reason?: string) => string;
  };
  /** A tool call's state, by {@link ToolCallStatus}. */
  toolStatus: Record<ToolCallStatus, string>;
  /**
   * The cards of tools a server ran (Open Responses web and file search, code interpreter, image
   * generation, remote MCP); their English loads with them.
   */
  hostedTools?: HostedToolMessages;
  /** Markdown in replies. */
  markdown: {
    /** "Copy code". */
    copyCode: string;
    /** "code": a code block's label without a language. */
    code: string;
    /** "Table": a scrollable table. */
    table: string;
    /** "Done": a ticked task. */
    taskDone: string;
    /** "Not done": an open task. */
    taskNotDone: string;
    /** "Sources": a reply's sources. */
    sources: string;
    /** "Source 2: MDN": a citation. */
    source: (number: CountValue, title: string) => string;
    /** "Load inline image": an image that waits for a click. */
    loadInlineImage: string;
    /** "Load image from cdn.example.com". */
    loadImageFrom: (host: string) => string;
    /** "Load image from another site". */
    loadImageElsewhere: string;
  };
  /** MCP Apps in the chat; their English loads with the first app. */
  mcpApps?: McpAppMessages;
};

/**
 * Texts to change: any group, with any of its texts (e.g.
 * `{ composer: { placeholder: "Ask Ada…" } }`); the rest stay as the catalogue in effect has them.
 */
export type CrayonMessageOverrides = {
  [Group in keyof CrayonMessages]?: Partial<NonNullable<CrayonMessages[Group]>>;
};
