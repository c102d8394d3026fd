import type { ResumableReplies } from "@crayonai/server/resumable";
import type { ThreadStore } from "@crayonai/server/threads";
import type { CrayonStreamEvent, Message } from "@crayonai/stream";
import { demoProtocolAdapter } from "../browser/demoProtocolAdapter";
import { type DemoProtocol, isDemoProtocol } from "../protocols/demoProtocols";
import { DEMO_USER } from "../store/demoUser";
import { recordReply } from "./recordReply";

/** The reply's protocol, on the responses of a saved thread's replies. */
const PROTOCOL_HEADER = "X-Demo-Protocol";
/** The id of the message the reply answers (the last one it was given). */
const REPLY_TO_HEADER = "X-Demo-Reply-To";

/**
 * Labels a saved thread's reply with what {@link saveProducedReply} needs to read it back: its
 * protocol and the message it answers. The resumable replies kit keeps the response's headers
 * with the reply's text.
 */
export function labelReply(
  response: Response,
  protocol: DemoProtocol,
  history: readonly Message[],
): Response {
  response.headers.set(PROTOCOL_HEADER, protocol);
  const last = history.at(-1);
  if (last) response.headers.set(REPLY_TO_HEADER, last.id);
  return response;
}

/**
 * The events read from a reply's kept text, without the `truncated` error its reader reports
 * for a body that ends mid-run: the crash cut it, and it is settled as interrupted instead.
 */
async function* withoutTruncation(
  events: AsyncIterable<CrayonStreamEvent>,
): AsyncGenerator<CrayonStreamEvent> {
  for await (const event of events) {
    if (event.type !== "error" || event.code !== "truncated") yield event;
  }
}

/**
 * Saves a reply whose instance died (killed, crashed) with everything it produced, instead of
 * its last checkpoint: its text, kept by the resumable replies kit in the reply store, is read in
 * its protocol onto the stored messages it answers, and settled as `recordReply` settles a reply
 * cut by a shutdown (interrupted, with Retry). The stored reply's messages keep their ids (a
 * protocol without ids gets new ones when read). Resolves to whether it saved one: not when no
 * reply's text is kept (an in-process store, a reply not labelled by {@link labelReply}), when
 * it still runs, or when the stored reply settled (it was saved as it ended).
 */
export async function saveProducedReply(
  replies: ResumableReplies,
  store: ThreadStore,
  threadId: string,
): Promise<boolean> {
  const produced = await replies.producedText(threadId);
  if (!produced || produced.running) return false;
  const headers = new Headers(produced.headers);
  const protocol = headers.get(PROTOCOL_HEADER);
  if (!isDemoProtocol(protocol)) return false;
  const branch = (await store.loadActiveBranch(DEMO_USER, threadId))?.messages ?? [];
  const replyTo = headers.get(REPLY_TO_HEADER);
  const cut = replyTo === null ? 0 : branch.findIndex((message) => message.id === replyTo) + 1;
  if (replyTo !== null && cut === 0) return false;
  const history = branch.slice(0, cut);
  const stored = branch.slice(cut);
  // Settled when it ended (its last answer is complete, stopped or failed). A reply cut while it
  // only reasoned, or before its first checkpoint, has no answer stored yet: it is saved too.
  const answer = stored.filter((m) => m.role === "assistant").at(-1);
  if (answer?.role === "assistant" && answer.status !== "streaming") return false;
  let settled: Message[] = [];
  const events = demoProtocolAdapter(protocol).parse(new Response(produced.text, { headers }));
  for await (const _event of recordReply(withoutTruncation(events), {
    history,
    signal: AbortSignal.abort("shutdown"),
    onSettled: async (messages) => {
      settled = messages;
    },
  }));
  const reply = settled.slice(history.length).map((message, i) => {
    const checkpointed = stored[i];
    return checkpointed?.role === message.role ? { ...message, id: checkpointed.id } : message;
  });
  return store.saveBranch(DEMO_USER, threadId, [...history, ...reply] as Message[]);
}
