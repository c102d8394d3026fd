/**
 * `@crayonai/react-ui/locales/ar`: the Arabic catalogue, its own entry so that only an app that
 * imports it downloads it.
 *
 * @example
 * ```tsx
 * import { ar } from "@crayonai/react-ui/locales/ar";
 *
 * <CrayonChat chat={chat} locale="ar" messages={ar} />
 * ```
 *
 * @packageDocumentation
 */
import type { CountValue, CrayonMessages } from "./messages";

/** Forms of a counted text by plural category; `other` is required, `#` stands for the count. */
type Forms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** The form for the count's plural category (Arabic has six), the count written in. */
const plural = (count: CountValue, forms: Forms) =>
  (forms[count.category] ?? forms.other).replace("#", count.text);

const STOPPED = "متوقف";
const HOSTED_STATUS: Record<string, string> = {
  in_progress: "يبدأ",
  searching: "يبحث",
  interpreting: "يشغّل الشيفرة",
  generating: "يولّد",
  calling: "يستدعي",
  completed: "تم",
  failed: "فشل",
  incomplete: "لم يكتمل",
};
const AWAITING_INPUT = "بانتظار إدخالك";

/** The Arabic catalogue (العربية), for `CrayonChat`'s `messages` with `locale="ar"`. */
export const ar: Required<CrayonMessages> = {
  chat: {
    assistant: "المساعد",
    newChat: "محادثة جديدة",
    closeChat: "إغلاق المحادثة",
    conversations: "المحادثات",
    region: "المحادثة",
    artifact: "المحتوى المُنشأ",
    skipToComposer: "الانتقال إلى مربع الرسالة",
    chatWith: (name) => `محادثة مع ${name}`,
    openChatWith: (name) => `فتح المحادثة مع ${name}`,
    closeChatWith: (name) => `إغلاق المحادثة مع ${name}`,
    welcomeTitle: "كيف يمكنني مساعدتك؟",
    conversationStarters: "اقتراحات لبدء المحادثة",
  },
  common: {
    approve: "موافقة",
    reject: "رفض",
    retry: "إعادة المحاولة",
    cancel: "إلغاء",
    save: "حفظ",
    edit: "تعديل",
    remove: "إزالة",
    delete: "حذف",
    rename: "إعادة تسمية",
    copied: "تم النسخ",
    failed: "فشل",
  },
  composer: {
    label: "إرسال رسالة",
    placeholder: "اكتب رسالة…",
    answerPlaceholder: "أجب المساعد…",
    queuePlaceholder: "أضف رسالة تالية…",
    message: "الرسالة",
    answer: "إجابتك",
    send: "إرسال الرسالة",
    sendAnswer: "إرسال الإجابة",
    stop: "إيقاف التوليد",
    attach: "إرفاق ملفات",
    dropFiles: "أفلت الملفات لإرفاقها",
    approvalOnCard: "وافق على استدعاء الأداة أعلاه أو ارفضه، أو اكتب إجابة",
    awaitingAnswer: "المساعد بانتظار إجابتك",
    busy: "لا يزال الرد قيد البث: انتظر اكتماله، أو اضغط Escape لإيقافه.",
  },
  attachments: {
    list: "المرفقات",
    uploading: "جارٍ الرفع…",
    retryFile: (name) => `إعادة محاولة ${name}`,
    removeFile: (name) => `إزالة ${name}`,
    attached: (names) => `تم إرفاق ${names}`,
    removed: (name) => `تمت إزالة ${name}`,
    notAttached: (name, reason) => `تعذّر إرفاق ${name}: ${reason}`,
    uploadFailed: "فشل الرفع",
    tooMany: (name, max) =>
      `${name}: يمكن أن تحمل الرسالة ${plural(max, {
        one: "ملفًا واحدًا",
        two: "ملفين",
        few: "# ملفات",
        many: "# ملفًا",
        other: "# ملف",
      })} على الأكثر.`,
    typeRefused: (name) => `${name}: لا يمكن إرفاق هذا النوع من الملفات.`,
    empty: (name) => `${name} فارغ.`,
    tooLarge: (name, size, limit) => `حجم ${name} ${size}، والحد الأقصى ${limit}.`,
    image: "صورة مرفقة",
  },
  queue: {
    label: "الرسائل في الانتظار",
    prompt: (count) =>
      plural(count, {
        one: "إرسال الرسالة المنتظرة؟",
        two: "إرسال الرسالتين المنتظرتين؟",
        few: "إرسال # رسائل منتظرة؟",
        other: "إرسال # رسالة منتظرة؟",
      }),
    sendNow: "إرسال الآن",
    discard: "تجاهل",
    tag: "في الانتظار",
    item: (text) => `في الانتظار: ${text}`,
    sent: (text) => `أُرسلت: ${text}`,
    editItem: (text) => `تعديل الرسالة المنتظرة: ${text}`,
    removeItem: (text) => `إزالة الرسالة المنتظرة: ${text}`,
    editLabel: "تعديل الرسالة المنتظرة",
    attachments: (count) =>
      `(${plural(count, { one: "مرفق واحد", two: "مرفقان", few: "# مرفقات", many: "# مرفقًا", other: "# مرفق" })})`,
  },
  conversation: {
    log: "الرسائل",
    loading: "جارٍ تحميل الرسائل…",
    notListed: (count) =>
      plural(count, {
        one: "تعذّر عرض رسالة واحدة",
        two: "تعذّر عرض رسالتين",
        few: "تعذّر عرض # رسائل",
        other: "تعذّر عرض # رسالة",
      }),
    replying: "المساعد يكتب الرد",
    scrollToLatest: "الانتقال إلى أحدث رسالة",
    reconnecting: "جارٍ إعادة الاتصال…",
    you: "أنت",
    messageNotShown: "تعذّر عرض هذه الرسالة",
    toolCallNotShown: "تعذّر عرض استدعاء الأداة هذا",
    activityNotShown: "تعذّر عرض هذا النشاط",
    messageDetail: (role, id) => `رسالة ${role} ${id}`,
    copy: "نسخ",
    copyMarkdown: "نسخ بصيغة Markdown",
    good: "رد جيد",
    bad: "رد سيئ",
    regenerate: "إعادة التوليد",
    editMessage: "تعديل الرسالة",
    editedMessage: "الرسالة المعدّلة",
    previousVersion: "النسخة السابقة",
    nextVersion: "النسخة التالية",
    version: "النسخة",
    versionPosition: (index, count) => `${index.text} من ${count.text}`,
    declined: "امتناع",
    modelDeclined: "امتنع النموذج عن الإجابة",
    awaitingInput: AWAITING_INPUT,
    stopped: STOPPED,
    replyFailed: "فشل هذا الرد.",
    error: "حدث خطأ ما.",
    sentFromApp: (app) => `أُرسلت من تطبيق ${app}`,
    thinking: "يفكّر…",
    thought: "فكّر",
    thoughtFor: (duration) => `فكّر لمدة ${duration}`,
    replied: "ردّ",
    announcement: (name, text, status) =>
      `${name}: ${text}${status === "stopped" ? ` (${STOPPED})` : status === "awaiting_input" ? ` (${AWAITING_INPUT})` : ""}`,
    continues: (size) => `(يتابع في المحادثة، ${size} حرف إجمالًا)`,
  },
  search: {
    label: "البحث في هذه المحادثة",
    shortcut: "البحث في هذه المحادثة (Ctrl+F)",
    previous: "النتيجة السابقة",
    next: "النتيجة التالية",
    close: "إغلاق البحث",
    position: (current, total) => `${current.text} من ${total.text}`,
    none: "لا توجد نتائج",
  },
  threadList: {
    search: "البحث في المحادثات",
    noMatch: "لا توجد محادثات مطابقة.",
    loadMore: "تحميل المزيد",
    untitled: "بلا عنوان",
    replying: "(يكتب الرد)",
    newTitle: (title) => `العنوان الجديد للمحادثة ${title}`,
    renameThread: (title) => `إعادة تسمية ${title}`,
    deleteThread: (title) => `حذف ${title}`,
    confirmDelete: (title) => `حذف ${title}؟`,
    deleteQuestion: "حذف؟",
    moreActions: (title) => `مزيد من الإجراءات: ${title}`,
    actions: (title) => `إجراءات: ${title}`,
    today: "اليوم",
    yesterday: "أمس",
    previous7Days: "آخر 7 أيام",
    previous30Days: "آخر 30 يومًا",
    now: "الآن",
    minutes: (count) => `${count.text} د`,
    hours: (count) => `${count.text} س`,
  },
  tools: {
    approvalNeeded: (tool) => `${tool}: يلزم الموافقة`,
    willRunWith: "سيعمل بهذه الوسائط",
    approvedWith: "تمت الموافقة بهذه الوسائط",
    askedToRunWith: "طُلب تشغيله بهذه الوسائط",
    arguments: "الوسائط",
    error: "الخطأ",
    result: "النتيجة",
    approvedByYou: "وافقتَ عليه",
    rejectedByYou: (reason) => `رفضتَه${reason ? `: ${reason}` : ""}`,
  },
  toolStatus: {
    "streaming-args": "قيد التحضير",
    running: "قيد التشغيل",
    "awaiting-result": "بانتظار النتيجة",
    "awaiting-approval": "بانتظار الموافقة",
    approved: "تمت الموافقة",
    rejected: "مرفوض",
    complete: "تم",
    error: "فشل",
    incomplete: "لم يكتمل",
  },
  hostedTools: {
    status: (status) => (Object.hasOwn(HOSTED_STATUS, status) ? HOSTED_STATUS[status] : undefined),
    webSearch: "بحث الويب",
    fileSearch: "البحث في الملفات",
    codeInterpreter: "مفسّر الشيفرة",
    imageGeneration: "توليد الصور",
    mcpTools: (server) => `أدوات MCP · ${server}`,
    tool: "أداة",
    searchedFor: "تم البحث عن",
    opened: "تم فتح",
    foundIn: (pattern) => `وُجد «${pattern}» في`,
    pagesRead: "الصفحات المقروءة",
    found: "النتائج",
    file: "ملف",
    score: (score) => `الدرجة ${score}`,
    output: "المُخرجات",
    tools: "الأدوات",
    codeOutput: "ناتج الشيفرة",
    generatedImage: "الصورة المولّدة",
    imageBeingGenerated: "صورة قيد التوليد",
  },
  markdown: {
    copyCode: "نسخ الشيفرة",
    code: "شيفرة",
    table: "جدول",
    taskDone: "منجز",
    taskNotDone: "غير منجز",
    sources: "المصادر",
    source: (number, title) => `المصدر ${number.text}: ${title}`,
    loadInlineImage: "تحميل الصورة المضمّنة",
    loadImageFrom: (host) => `تحميل الصورة من ${host}`,
    loadImageElsewhere: "تحميل الصورة من موقع آخر",
  },
  mcpApps: {
    label: (title) => `تطبيق ${title}`,
    loading: "جارٍ التحميل",
    exitFullScreen: "الخروج من ملء الشاشة",
    wantsToOpen: (title) => `يريد ${title} فتح`,
    openLink: "فتح الرابط",
    notShown: (title, reason) => `تعذّر عرض ${title}: ${reason}`,
    dropped: (title, count) =>
      `أرسل ${title} رسائل بسرعة كبيرة: ${plural(count, {
        one: "لم تُرسل رسالة واحدة",
        two: "لم تُرسل رسالتان",
        few: "لم تُرسل # رسائل",
        other: "لم تُرسل # رسالة",
      })}.`,
  },
};
