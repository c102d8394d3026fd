import type { Script } from "../script";
import { assistantMessage } from "../scriptEvents";

const TOPICS = [
  ["Events", "every protocol is read into the same small set of stream events"],
  [
    "Messages",
    "the accumulator turns those events into user, assistant, tool and reasoning messages",
  ],
  ["Threads", "threads are listed, created, renamed and deleted through four small callbacks"],
  ["Streaming", "text is appended as it arrives and rendered once per animation frame"],
  ["Stopping", "pressing stop aborts the request and keeps everything received so far"],
  ["Errors", "a failed reply keeps its partial content and says what went wrong"],
  ["Tools", "tool calls stream their arguments and show their results next to them"],
  ["Approvals", "an agent can pause for the user and continue once they answer"],
  ["Activities", "plans and progress are structured messages rendered by type"],
  ["Persistence", "a backend stores the messages so a reload shows the same conversation"],
  ["Protocols", "the same conversation reads the same over every supported protocol"],
  ["Accessibility", "replies are announced politely and every control has a label"],
];

/** The /long reply: twelve sections of stable, generated markdown (well over 400 deltas). */
export const longText = [
  "# A long answer",
  "",
  "This reply is long on purpose, so there is time to press **stop** while it streams. Everything received before that is kept.",
  "",
  ...TOPICS.flatMap(([title, summary], index) => [
    `## ${index + 1}. ${title}`,
    "",
    `In short, ${summary}. This section explains why that matters for a chat interface, in more words than it strictly needs, so that the answer keeps streaming for a while.`,
    "",
    `- ${title} work the same way in every example app.`,
    `- Section ${index + 1} of ${TOPICS.length} is about ${title!.toLowerCase()}.`,
    "",
  ]),
  "That is the end of the long answer.",
].join("\n");

/** `/long`: a long markdown answer, so it can be stopped mid-stream. */
export const longScript: Script = {
  command: "/long",
  description: "A long markdown answer: press stop while it streams.",
  run: () => assistantMessage(longText),
};
