import type { Thread } from "@crayonai/react-core";
import { fakeChat } from "@crayonai/react-core/testing";
import type { ReasoningMessage } from "@crayonai/stream";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { CrayonChat } from "./CrayonChat";
import { Composer } from "./components/Composer";
import { QueuedMessages } from "./components/QueuedMessages";
import { ReasoningView } from "./components/ReasoningView";
import { ThreadList } from "./components/ThreadList";
import { ar } from "./locale/ar";
import { CrayonLocaleProvider, useCrayonLocale } from "./locale/LocaleProvider";
import { createBackend, expectNoAxeViolations, renderWithChat } from "./testing/chatHarness";

const root = (container: Element) => container.querySelector(".crayon-chat")!;
/** A number as Arabic writes it (digits depend on the Intl data: Latin or Arabic-Indic). */
const arabic = (value: number) => new Intl.NumberFormat("ar").format(value);

describe("CrayonChat in a locale", () => {
  it("shows Arabic, right to left, with each message's text in its own direction", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.hold();
    const { container } = renderWithChat(backend, (chat) => (
      <CrayonChat chat={chat} locale="ar" messages={ar} />
    ));
    expect(root(container).getAttribute("dir")).toBe("rtl");
    expect(root(container).getAttribute("lang")).toBe("ar");
    expect(screen.getByRole("navigation", { name: "المحادثات" })).toBeTruthy();
    const input = screen.getByRole("textbox", { name: "الرسالة" });
    expect(input.getAttribute("placeholder")).toBe("اكتب رسالة…");
    expect(input.getAttribute("dir")).toBe("auto");
    expect(screen.getByRole("heading", { name: "كيف يمكنني مساعدتك؟" })).toBeTruthy();
    await expectNoAxeViolations(container);

    await user.type(input, "ما الجديد؟");
    await user.click(screen.getByRole("button", { name: "إرسال الرسالة" }));
    const log = await screen.findByRole("log", { name: "الرسائل" });
    await waitFor(() => expect(backend.held).toHaveLength(1));
    expect(screen.getByRole("button", { name: "إيقاف التوليد" })).toBeTruthy();
    expect(input.getAttribute("placeholder")).toBe("أضف رسالة تالية…");
    await act(async () =>
      backend.held[0]!.end({ type: "text-delta", text: "Run `npm test`, then **ship**." }),
    );
    await within(log).findByText("ship");

    expect(within(log).getByText("ما الجديد؟").getAttribute("dir")).toBe("auto");
    expect(log.querySelector(".crayon-markdown")?.getAttribute("dir")).toBe("auto");
    expect(within(log).getByRole("button", { name: "نسخ" })).toBeTruthy();
    expect(within(log).getByRole("button", { name: "إعادة التوليد" })).toBeTruthy();
    await waitFor(() =>
      expect(container.querySelector('[aria-live="polite"]')?.textContent).toBe(
        "المساعد: Run npm test, then ship.",
      ),
    );
    await expectNoAxeViolations(container);
  });

  it("is English and left to right by default, in the page's language", () => {
    const { container } = render(<CrayonChat chat={fakeChat()} />);
    expect(root(container).getAttribute("dir")).toBe("ltr");
    expect(root(container).hasAttribute("lang")).toBe(false);
    expect(screen.getByRole("textbox", { name: "Message" }).getAttribute("placeholder")).toBe(
      "Type a message…",
    );
    expect(screen.getByRole("link", { name: "Skip to the message box" })).toBeTruthy();
  });

  it("lets overrides win over the catalogue in effect, text by text", () => {
    const overrides = { composer: { placeholder: "اسأل آدا…" } };
    const { container } = render(
      <CrayonLocaleProvider locale="ar" messages={ar}>
        <CrayonChat chat={fakeChat()} messages={overrides} />
      </CrayonLocaleProvider>,
    );
    const input = screen.getByRole("textbox", { name: "الرسالة" });
    expect(input.getAttribute("placeholder")).toBe("اسأل آدا…");
    expect(screen.getByRole("button", { name: "إرسال الرسالة" })).toBeTruthy();
    expect(root(container).getAttribute("dir")).toBe("rtl");

    render(<Composer chat={fakeChat()} placeholder="Ask anything" />);
    expect(screen.getAllByRole("textbox").at(-1)?.getAttribute("placeholder")).toBe("Ask anything");
  });

  it("takes its direction from a dir prop over the locale's", () => {
    const { container } = render(<CrayonChat chat={fakeChat()} locale="ar" dir="ltr" />);
    expect(root(container).getAttribute("dir")).toBe("ltr");
    expect(root(container).getAttribute("lang")).toBe("ar");
  });
});

/** Shows the locale the parts around it read. */
function Direction() {
  const { dir, locale } = useCrayonLocale();
  return <output>{`${locale} ${dir}`}</output>;
}

describe("the parts in a custom layout", () => {
  it("read the provider's locale, and are English without one", () => {
    render(<Composer chat={fakeChat()} />);
    expect(screen.getByRole("button", { name: "Send message" })).toBeTruthy();
    render(
      <CrayonLocaleProvider locale="ar-EG" messages={ar}>
        <Composer chat={fakeChat()} />
        <Direction />
      </CrayonLocaleProvider>,
    );
    expect(screen.getByRole("button", { name: "إرسال الرسالة" })).toBeTruthy();
    expect(screen.getByText("ar-EG rtl")).toBeTruthy();
  });
});

describe("counts, durations and times in the locale", () => {
  const queue = (count: number) =>
    Array.from({ length: count }, (_, index) => ({ id: `q${index}`, content: `Message ${index}` }));

  it.each([
    [1, "Send 1 queued message?", "إرسال الرسالة المنتظرة؟"],
    [2, "Send 2 queued messages?", "إرسال الرسالتين المنتظرتين؟"],
    [3, "Send 3 queued messages?", `إرسال ${arabic(3)} رسائل منتظرة؟`],
    [11, "Send 11 queued messages?", `إرسال ${arabic(11)} رسالة منتظرة؟`],
  ])("asks to send %d queued messages in each language's plural", (count, english, inArabic) => {
    const chat = fakeChat({ thread: { queue: queue(count), queuePaused: true } });
    const { unmount } = render(<QueuedMessages chat={chat} />);
    expect(screen.getByText(english)).toBeTruthy();
    unmount();
    render(
      <CrayonLocaleProvider locale="ar" messages={ar}>
        <QueuedMessages chat={chat} />
      </CrayonLocaleProvider>,
    );
    expect(screen.getByText(inArabic)).toBeTruthy();
  });

  it("says how long the model thought, in the locale's units", () => {
    const reasoning: ReasoningMessage = {
      id: "r1",
      role: "reasoning",
      content: "Weighed it",
      durationMs: 3_400,
    };
    const { container } = render(
      <CrayonLocaleProvider locale="ar" messages={ar}>
        <ReasoningView message={reasoning} />
      </CrayonLocaleProvider>,
    );
    const seconds = new Intl.NumberFormat("ar", { style: "unit", unit: "second" }).format(3);
    expect(container.querySelector("summary")?.textContent).toBe(`فكّر لمدة ${seconds}`);
  });

  it("groups and times threads in the locale", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 10, 26, 15, 0));
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const now = Date.now();
    const threads: Thread[] = [
      { threadId: "a", title: "رحلة إلى القاهرة", createdAt: now - 5 * 60_000 },
      { threadId: "b", title: "الميزانية", createdAt: now - 3 * 3_600_000 },
      { threadId: "c", title: "قديمة", createdAt: new Date(2025, 2, 3).getTime() },
    ];
    render(
      <CrayonLocaleProvider locale="ar" messages={ar}>
        <ThreadList chat={fakeChat({ list: { threads, selectedThreadId: "a" } })} />
      </CrayonLocaleProvider>,
    );
    const nav = screen.getByRole("navigation", { name: "المحادثات" });
    const headings = within(nav)
      .getAllByRole("heading")
      .map((h) => h.textContent);
    expect(headings).toEqual([
      "اليوم",
      new Date(2025, 2, 3).toLocaleDateString("ar", { month: "long", year: "numeric" }),
    ]);
    const times = [...nav.querySelectorAll("time")].map((time) => time.textContent);
    expect(times.slice(0, 2)).toEqual([`${arabic(5)} د`, `${arabic(3)} س`]);
    expect(within(nav).getByRole("button", { name: "رحلة إلى القاهرة" })).toBeTruthy();
    expect(within(nav).getByRole("searchbox", { name: "البحث في المحادثات" })).toBeTruthy();
  });
});
