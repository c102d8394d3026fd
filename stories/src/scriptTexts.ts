import type { SourceReference } from "@crayonai/stream";

// The scripted replies' texts and sources.

/** The sources the "cited" reply numbers [1] to [3]. */
export const CITED_SOURCES: SourceReference[] = [
  {
    id: "mdn-sse",
    kind: "url",
    url: "https://developer.mozilla.org/en-US/docs/Web/API/Server-sent_events",
    title: "Server-sent events",
  },
  {
    id: "ag-ui",
    kind: "url",
    url: "https://docs.ag-ui.com/concepts/events",
    title: "AG-UI events",
  },
  {
    id: "ai-sdk",
    kind: "url",
    url: "https://ai-sdk.dev/docs/ai-sdk-ui/stream-protocol",
    title: "AI SDK stream protocol",
  },
];

export const MARKDOWN_ANSWER = `Here is a short **markdown** tour.

## A list

- Streams are *incremental*
- Messages keep their identity
- \`useChat\` does the wiring

## A checklist

- [x] Stream the reply
- [ ] Ship it

## Some code

\`\`\`ts
import { useChat } from "@crayonai/react-core";

const chat = useChat({
  processMessage: ({ messages, abortController }) =>
    fetch("/api/chat", { method: "POST", body: JSON.stringify({ messages }), signal: abortController.signal }),
});
\`\`\`

| Event | Meaning |
| --- | --- |
| \`text\` | more answer text |
| \`reasoning\` | more thinking |

> Links are checked: [the docs](https://example.com/docs) open safely.
`;

export const REASONING = `1,001 is odd, so 2 is out. Digit sum is 2, so not divisible by 3. Try 7: 7 × 143 = 1,001. So it is composite; 143 = 11 × 13.`;

export const LONG_SECTIONS = [
  "Why streaming",
  "Tokens and frames",
  "Keeping scroll position",
  "Stopping a reply",
  "Retrying after errors",
  "Branches",
  "Tools",
  "Reasoning",
  "Activities",
  "Accessibility",
  "Testing",
  "Shipping",
];

export const LONG_ANSWER = `# A long guide to streaming UIs\n\n${LONG_SECTIONS.map(
  (title, index) =>
    `## ${index + 1}. ${title}\n\nA streaming interface shows the answer while it is being written. ${title} matters because users read as the text arrives, so the layout must stay calm: no jumping, no flashing, and the newest words in view unless the user scrolled away.\n\n- Keep the composer usable\n- Announce progress politely to screen readers\n- Let the user stop at any time\n`,
).join("\n")}`;

export const PLAN_STEPS = [
  "Freeze the API",
  "Run the test matrix",
  "Write the changelog",
  "Publish",
];
