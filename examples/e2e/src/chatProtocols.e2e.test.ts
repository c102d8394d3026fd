import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { noBrowser, openPage, screenshot } from "./browser";
import { ChatPage } from "./chatPage";
import { exampleSuite } from "./exampleSuite";

// One conversation in each protocol of the chat example's switcher, sent in that protocol's
// real request format: a tool call, agent state carried across turns, an approval, and the
// thread after a reload. The requests the page sent are checked too.

type Protocol = "crayon" | "ag-ui" | "vercel" | "openai" | "open-responses" | "plain-text" | "text";

type Sent = { url: string; body: any };

/** What each protocol carries, and so what the conversation shows. */
const protocols: {
  protocol: Protocol;
  city: string;
  /** A tool call is shown (the text protocols reduce it to its text). */
  toolCalls: boolean;
  /** The request carries the agent state back, so `/count` counts on. */
  state: boolean;
  /** The approval can be answered (the others say it cannot). */
  approvals: boolean;
}[] = [
  { protocol: "crayon", city: "Paris", toolCalls: true, state: true, approvals: true },
  { protocol: "ag-ui", city: "Oslo", toolCalls: true, state: true, approvals: true },
  { protocol: "vercel", city: "Lima", toolCalls: true, state: false, approvals: true },
  { protocol: "openai", city: "Rome", toolCalls: true, state: false, approvals: false },
  // An approval is asked as a remote MCP server's tool call (mcp_approval_request).
  { protocol: "open-responses", city: "Nairobi", toolCalls: true, state: false, approvals: true },
  { protocol: "plain-text", city: "Cairo", toolCalls: false, state: false, approvals: false },
  { protocol: "text", city: "Tokyo", toolCalls: false, state: false, approvals: false },
];

/** Where the page posts replies to, per protocol family. */
const chatEndpoints = new Set([
  "/api/chat",
  "/api/openai/chat/completions",
  "/api/openai/responses",
]);

/** Records the bodies the page posts to the demo agent's chat endpoints. */
function recordRequests(page: Page): Sent[] {
  const sent: Sent[] = [];
  page.on("request", (request) => {
    if (request.method() !== "POST") return;
    const { pathname, search } = new URL(request.url());
    if (chatEndpoints.has(pathname)) {
      sent.push({ url: pathname + search, body: request.postDataJSON() });
    }
  });
  return sent;
}

/** Checks that every request was in the protocol's own format. */
function expectRealRequests(protocol: Protocol, sent: Sent[]) {
  expect(sent.length, protocol).toBeGreaterThan(0);
  for (const { url, body } of sent) {
    switch (protocol) {
      case "ag-ui":
        // A RunAgentInput: ids of the thread and of this run, AG-UI messages, tools, state.
        expect(url).toBe("/api/chat?protocol=ag-ui");
        expect(body).toMatchObject({ threadId: expect.any(String), runId: expect.any(String) });
        expect(Array.isArray(body.tools) && Array.isArray(body.context)).toBe(true);
        for (const message of body.messages) expect(message).not.toHaveProperty("status");
        break;
      case "vercel":
        // What the AI SDK's DefaultChatTransport posts: UIMessages with parts.
        expect(url).toBe("/api/chat?protocol=vercel");
        expect(body).toMatchObject({ id: expect.any(String), trigger: "submit-message" });
        for (const message of body.messages) expect(Array.isArray(message.parts)).toBe(true);
        break;
      case "openai":
        expect(url).toBe("/api/openai/chat/completions");
        expect(body).toMatchObject({ model: "demo", stream: true });
        expect(body.metadata.thread_id).toEqual(expect.any(String));
        for (const message of body.messages) expect(message).not.toHaveProperty("id");
        break;
      case "open-responses":
        // A Responses request: input items, the thread in metadata.
        expect(url).toBe("/api/openai/responses");
        expect(body).toMatchObject({ model: "demo", stream: true });
        expect(body.metadata.thread_id).toEqual(expect.any(String));
        expect(body.input[0]).toMatchObject({ role: "user" });
        expect(body).not.toHaveProperty("messages");
        break;
      default:
        expect(url).toBe(`/api/chat?protocol=${protocol}`);
        expect(body).toMatchObject({ threadId: expect.any(String) });
        expect(body.messages[0]).toMatchObject({ role: "user", id: expect.any(String) });
    }
  }
}

describe.skipIf(noBrowser)("chat example: every protocol of the switcher", () => {
  const example = exampleSuite("chat");

  it.each(protocols)(
    "$protocol: a tool call, state across turns and an approval, kept after a reload",
    async ({ protocol, city, toolCalls, state, approvals }) => {
      const { page, errors } = await openPage(
        example.browser,
        `${example.url}/?protocol=${protocol}`,
      );
      const sent = recordRequests(page);
      const chat = new ChatPage(page);
      await chat.input.waitFor();

      // Turn 1: the weather tool.
      await chat.ask(`/tool ${city}`);
      expect(await chat.lastAssistantText()).toContain(`in ${city}:`);
      // The finished call renders as the example's weather card (its registered tool UI).
      const weatherCard = page.getByRole("region", { name: `Weather in ${city}` });
      await expect(weatherCard.count()).resolves.toBe(toolCalls ? 1 : 0);

      // Turns 2 and 3: a counter in the agent state.
      await chat.ask("/count");
      await chat.ask("/count");
      expect(await chat.lastAssistantText()).toContain(`now ${state ? 2 : 1}`);

      // Turn 4: an approval.
      await chat.send("/approve");
      const approve = chat.messages.getByRole("button", { name: "Approve", exact: true });
      if (approvals) {
        await approve.waitFor();
        // The call's own card asks, on every protocol that carries approvals: its arguments,
        // labelled, above Approve / Reject (not a bare card with buttons above the composer).
        const card = page.locator(".crayon-tool-call").filter({ hasText: "schedule_meeting" });
        await expect(
          card.getByRole("button", { name: "Approve", exact: true }).count(),
        ).resolves.toBe(1);
        await expect(chat.toolArgument(card, "Title")).resolves.toBe("Release review");
        await screenshot(page, `chat-protocol-approval-${protocol}`);
        await approve.click();
        await chat.waitForReplyEnd();
        expect(await chat.lastAssistantText()).toContain('Done: "Release review" is on the');
      } else {
        await chat.waitForReplyEnd();
        expect(await chat.lastAssistantText()).toContain("which this protocol cannot carry");
      }
      await expect(approve.count()).resolves.toBe(0);
      await screenshot(page, `chat-protocol-conversation-${protocol}`);

      expectRealRequests(protocol, sent);
      if (protocol === "ag-ui" || protocol === "vercel") {
        // The answer travels in the protocol's own way, not as a Crayon message.
        const answer = sent.at(-1)!.body;
        if (protocol === "ag-ui") {
          expect(answer.resume).toEqual([
            expect.objectContaining({ interruptId: expect.any(String), status: "resolved" }),
          ]);
        } else {
          const parts = answer.messages.at(-1).parts;
          expect(parts).toContainEqual(
            expect.objectContaining({
              type: "tool-schedule_meeting",
              state: "approval-responded",
              approval: expect.objectContaining({ approved: true }),
            }),
          );
        }
      }
      if (protocol === "openai") {
        // The browser ran the declared tool and sent its result back.
        expect(sent[0]!.body.tools).toContainEqual(
          expect.objectContaining({ function: expect.objectContaining({ name: "get_weather" }) }),
        );
        expect(sent[1]!.body.messages.at(-1)).toMatchObject({ role: "tool" });
      }
      if (protocol === "open-responses") {
        // The same, as a function tool and its output item; the approval's answer is an
        // mcp_approval_response to the server's request.
        expect(sent[0]!.body.tools).toContainEqual(
          expect.objectContaining({ type: "function", name: "get_weather" }),
        );
        expect(sent[1]!.body.input.at(-1)).toMatchObject({ type: "function_call_output" });
        const input = sent.at(-1)!.body.input;
        const request = input.findLast((item: any) => item.type === "mcp_approval_request");
        expect(request).toMatchObject({ server_label: "demo", name: "schedule_meeting" });
        expect(input.at(-1)).toEqual({
          type: "mcp_approval_response",
          approval_request_id: request.id,
          approve: true,
        });
      }

      // The thread as the server saved it.
      await page.reload();
      // The thread just used is the most recently active: first in the list.
      await chat.latestThread().click();
      await page.getByText(`/tool ${city}`, { exact: true }).first().waitFor();
      await chat.waitForListAtEnd();
      expect(await chat.lastAssistantText()).toContain(
        approvals ? 'Done: "Release review"' : "cannot carry",
      );
      await expect(weatherCard.count()).resolves.toBe(toolCalls ? 1 : 0);
      await expect(approve.count()).resolves.toBe(0);
      await expect(page.getByText("Approved.", { exact: true }).count()).resolves.toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    },
  );
});
