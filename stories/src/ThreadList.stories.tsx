import { type Thread, useChat } from "@crayonai/react-core";
import { ThreadList } from "@crayonai/react-ui";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useEffect } from "react";
import { markStoryBusy, markStorySettled } from "./storySettled";

const HOUR = 60 * 60 * 1000;

const TOPICS: [string, string][] = [
  ["Trip to Rome in May", "Book the Vatican tour early; it sells out."],
  ["Café recommendations", "Try the one on the corner of Via Giulia."],
  ["Quarterly tax estimate", "Set aside 28% of the invoice total."],
  ["Invoice template", "Added a VAT line under the subtotal."],
  ["Weekly training plan", "Monday: intervals, Thursday: long run."],
  ["Postgres vs SQLite", "SQLite is enough below a few writes per second."],
  ["Release checklist for 0.7", "Changesets, size limits, then publish."],
  ["Birthday gift ideas", "A pottery class, or a good chef's knife."],
  ["Resume feedback", "Lead with outcomes, not responsibilities."],
  ["Sourdough starter", "Feed it twice a day at room temperature."],
];

/** 30 threads over the last 10 days, three a day, as a server would list them (oldest first). */
function threadsOverTenDays(now: number): Thread[] {
  return Array.from({ length: 30 }, (_, index) => {
    const [title, preview] = TOPICS[index % TOPICS.length]!;
    const updatedAt = new Date(now - (index * 8 * HOUR + (index % 3) * 25 * 60 * 1000));
    return {
      threadId: `t${index + 1}`,
      title: index < TOPICS.length ? title : `${title} (${Math.floor(index / TOPICS.length) + 1})`,
      createdAt: new Date(updatedAt.getTime() - 2 * HOUR),
      updatedAt,
      preview,
    };
  }).reverse();
}

/** The thread list alone, in a sidebar, with `query` typed into its search. */
function ThreadListStory({ query = "" }: { query?: string }) {
  const chat = useChat({
    fetchThreadList: async () => threadsOverTenDays(Date.now()),
    loadThread: async () => [],
    // Nothing is sent in these stories.
    processMessage: async () => new Response(""),
  });
  const { threads, setQuery, query: shownQuery } = chat.threadListManager;
  useEffect(() => markStoryBusy(), []);
  useEffect(() => {
    if (threads.length === 0) return;
    if (shownQuery !== query) setQuery(query);
    else markStorySettled();
  }, [threads.length, query, shownQuery, setQuery]);
  return (
    <div
      className="crayon-theme"
      style={{ width: 300, height: "100vh", overflow: "auto", fontFamily: "system-ui, sans-serif" }}
    >
      <ThreadList chat={chat} />
    </div>
  );
}

const meta = {
  title: "Components/Thread list",
  component: ThreadListStory,
} satisfies Meta<typeof ThreadListStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 30 threads over 10 days: newest first, grouped by recency, each with its time and preview. */
export const ByRecency: Story = { tags: ["phone"] };

/** A search: "cafe" finds "Café recommendations" by title, ignoring the accent and case. */
export const Searched: Story = { tags: ["phone"], args: { query: "cafe" } };
