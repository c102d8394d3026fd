import type { CrayonStreamEvent } from "@crayonai/stream";
import { createId } from "../ids";
import type { Script } from "../script";
import { textDeltas } from "../scriptEvents";

/** The text /error streams before it fails. */
export const errorPartialText =
  "Fetching the quarterly numbers… the first two regions are in: North is up 4% and South is flat. Now the";

/** The error /error reports. */
export const errorMessage = "The data source stopped responding (a failure /error simulates).";

async function* fail(): AsyncGenerator<CrayonStreamEvent> {
  const messageId = createId("msg");
  yield { type: "message-start", messageId };
  yield* textDeltas(errorPartialText, messageId);
  yield { type: "error", code: "server_error", error: errorMessage, messageId };
}

/** `/error`: some text, then a server error. The client keeps the partial text. */
export const errorScript: Script = {
  command: "/error",
  description: "Streams some text, then fails with a server error (the text is kept).",
  run: fail,
};
