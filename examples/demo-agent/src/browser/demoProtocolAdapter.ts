import type { StreamProtocolAdapter } from "@crayonai/stream";
import { crayonSSEAdapter } from "@crayonai/stream";
import { agUIAdapter } from "@crayonai/stream/adapters/ag-ui";
import { openResponsesAdapter } from "@crayonai/stream/adapters/open-responses";
import { openAIChatAdapter } from "@crayonai/stream/adapters/openai";
import { plainTextSSEAdapter } from "@crayonai/stream/adapters/plain-text";
import { textStreamAdapter } from "@crayonai/stream/adapters/text";
import { vercelAIAdapter } from "@crayonai/stream/adapters/vercel";
import type { DemoProtocol } from "../protocols/demoProtocols";

/** The adapter that reads each protocol. */
export function demoProtocolAdapter(protocol: DemoProtocol): StreamProtocolAdapter {
  switch (protocol) {
    case "ag-ui":
      return agUIAdapter();
    case "vercel":
      return vercelAIAdapter();
    case "openai":
      return openAIChatAdapter();
    case "open-responses":
      return openResponsesAdapter();
    case "plain-text":
      return plainTextSSEAdapter();
    case "text":
      return textStreamAdapter();
    default:
      return crayonSSEAdapter();
  }
}
