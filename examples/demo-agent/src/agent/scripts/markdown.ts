import type { Script } from "../script";
import { assistantMessage } from "../scriptEvents";

/** The /markdown reply: every markdown construct a chat UI should render. */
export const markdownText = `# Markdown tour

Crayon renders **GitHub-flavoured markdown**: *emphasis*, \`inline code\`, [links](https://github.com/thesysdev/crayon) and ~~strike-through~~.

## A list

- Headings from \`#\` to \`######\`
- Nested lists:
  1. ordered
  2. and unordered
- Task lists:
  - [x] stream the reply
  - [ ] render it

## A table

| Protocol | Transport | Carries tool calls |
| --- | --- | :---: |
| Crayon SSE | Server-Sent Events | yes |
| AG-UI | Server-Sent Events | yes |
| Vercel AI | Server-Sent Events | yes |
| Plain text | Server-Sent Events | no |
| Text | raw body | no |

## A code block

\`\`\`ts
import { useChat } from "@crayonai/react-core";

const chat = useChat({ processMessage, streamProtocol });
\`\`\`

> A quote, to finish.
`;

/** `/markdown`: headings, lists, a table and a fenced code block. */
export const markdownScript: Script = {
  command: "/markdown",
  description: "Headings, lists, a table and a fenced code block.",
  run: () => assistantMessage(markdownText),
};
