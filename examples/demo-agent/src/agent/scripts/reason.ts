import type { CrayonStreamEvent } from "@crayonai/stream";
import { createId } from "../ids";
import type { Script } from "../script";
import { assistantMessage } from "../scriptEvents";
import { textChunks } from "../textChunks";

/** What the agent "thinks" before answering /reason. */
export const reasoningText =
  "The user wants to see reasoning. A good demo question: how many weekdays are in a 30-day month that starts on a Monday? " +
  "Four full weeks are 28 days with 20 weekdays. The two days left over are a Monday and a Tuesday, both weekdays. " +
  "So the answer is 20 + 2 = 22.";

/** The answer that follows the reasoning. */
export const reasonAnswerText =
  "A 30-day month that starts on a **Monday** has **22 weekdays**: four full weeks give 20, and the two extra days (Monday and Tuesday) add 2.";

async function* reason(): AsyncGenerator<CrayonStreamEvent> {
  const reasoningId = createId("reasoning");
  yield { type: "reasoning-start", messageId: reasoningId };
  for (const chunk of textChunks(reasoningText)) {
    yield { type: "reasoning-delta", text: chunk, messageId: reasoningId };
  }
  yield { type: "reasoning-end", messageId: reasoningId };
  yield* assistantMessage(reasonAnswerText);
}

/** `/reason`: a reasoning message streams first, then the answer. */
export const reasonScript: Script = {
  command: "/reason",
  description: "Thinks out loud (a reasoning message), then answers.",
  run: reason,
};
