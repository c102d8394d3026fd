import type { Page } from "playwright-core";

/** The chat's scrolling message list. */
export const LIST = ".crayon-message-list__scroll";

/** Scrolls the list to `to` ("top" or "bottom") the way a dragged scrollbar does, until it stays there. */
export async function scrollListTo(page: Page, to: "top" | "bottom") {
  await page.waitForFunction(
    ([list, to]) => {
      const element = document.querySelector(list as string) as HTMLElement;
      const end = element.scrollHeight - element.clientHeight;
      const there = to === "top" ? element.scrollTop <= 1 : element.scrollTop >= end - 2;
      // Rows measured on arrival can change the height: keep going until it holds.
      if (!there) element.scrollTop = to === "top" ? 0 : element.scrollHeight;
      return there;
    },
    [LIST, to] as const,
    { polling: 100, timeout: 10_000 },
  );
}

/** A word that appears in the 10th message of {@link longThread} and nowhere else. */
export const WORD_IN_MESSAGE_10 = "quokkaharbour";

/** The text of the reply on the other branch at the middle of {@link longThread}. */
export const ALTERNATIVE_REPLY = "The other version of this answer, on its own branch.";

const WORDS =
  "the model streams a reply while the list keeps every earlier message reachable and the reader scrolls through a long history of questions answers tool calls and notes".split(
    " ",
  );

/** `count` words, the same ones for the same `seed`. */
function prose(seed: number, count: number): string {
  const words: string[] = [];
  for (let i = 0; i < count; i++) words.push(WORDS[(seed * 7 + i * 13) % WORDS.length]!);
  return words.join(" ");
}

/** An answer of 150 to 400 words of markdown, a code block every 5th, a table every 10th. */
function answer(n: number): string {
  const words = 150 + ((n * 37) % 250);
  const parts = [
    `## Answer ${n}`,
    prose(n, Math.floor(words / 2)),
    `- **point** ${prose(n + 1, 8)}`,
  ];
  if (n % 5 === 0)
    parts.push(`\`\`\`ts\nconst answer${n} = ${n};\nconsole.log(answer${n});\n\`\`\``);
  if (n % 10 === 0) parts.push(`| a | b |\n| - | - |\n| ${n} | ${n * 2} |`);
  parts.push(prose(n + 2, Math.ceil(words / 2)));
  return parts.join("\n\n");
}

type StoredMessage = {
  id: string;
  role: "user" | "assistant";
  content: string;
  parentId?: string;
  status?: "complete";
};

/**
 * A stored thread of `size` messages (a thread's `/tree`): questions and answers alternating,
 * one chain, with a second version of the reply in the middle on its own branch.
 */
export function longThread(size: number): { messages: StoredMessage[]; activeLeafId: string } {
  const messages: StoredMessage[] = [];
  for (let i = 0; i < size; i++) {
    const parentId = i === 0 ? undefined : `m${i - 1}`;
    const user = i % 2 === 0;
    let content = user ? `Question ${i + 1}: ${prose(i, 12)}?` : answer(i + 1);
    if (i === 9) content = `${content} ${WORD_IN_MESSAGE_10}`;
    messages.push(
      user
        ? { id: `m${i}`, role: "user", content, ...(parentId && { parentId }) }
        : { id: `m${i}`, role: "assistant", content, status: "complete", parentId },
    );
  }
  const middle = size / 2 + 1;
  messages.push({
    id: `m${middle}-other`,
    role: "assistant",
    content: ALTERNATIVE_REPLY,
    status: "complete",
    parentId: `m${middle - 1}`,
  });
  return { messages, activeLeafId: `m${size - 1}` };
}

/**
 * Creates a thread in the demo agent's store at `url` (its first message only), for
 * {@link routeLongThread} to give a long history; returns its id.
 */
export async function createThread(url: string): Promise<string> {
  const created = await fetch(`${url}/api/threads`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ firstMessage: { id: "m0", role: "user", content: "A long thread" } }),
  });
  return ((await created.json()) as { threadId: string }).threadId;
}

/**
 * Serves {@link longThread}`(size)` to the page as the stored history of the demo agent's thread
 * `threadId` (the demo agent only stores what it was sent), and sends the agent a new question
 * alone (the whole history is larger than it takes; its scripted replies read the last message).
 */
export async function routeLongThread(page: Page, threadId: string, size: number) {
  const tree = JSON.stringify(longThread(size));
  await page.route(`**/api/threads/${threadId}/tree`, (route) =>
    route.fulfill({ contentType: "application/json", body: tree }),
  );
  // The demo agent's store has none of these messages: picking a branch is the page's alone.
  await page.route(`**/api/threads/${threadId}/active-leaf`, (route) =>
    route.fulfill({ status: 204 }),
  );
  // A request carries the thread's history, larger than the demo agent takes: it gets the
  // new question alone, which is all its scripted replies read.
  await page.route("**/api/chat?**", (route) => {
    const body = route.request().postDataJSON() as { messages?: unknown[] };
    if (Array.isArray(body?.messages)) body.messages = body.messages.slice(-1);
    return route.continue({ postData: JSON.stringify(body) });
  });
}
