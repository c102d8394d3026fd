import { agUIEncoder } from "./agUIEncoder";
import { crayonEncoder } from "./crayonEncoder";
import type { DemoProtocol } from "./demoProtocols";
import { openAIEncoder } from "./openAIEncoder";
import { openResponsesEncoder } from "./openResponsesEncoder";
import { plainTextEncoder } from "./plainTextEncoder";
import type { ProtocolEncoder } from "./protocolEncoder";
import { textEncoder } from "./textEncoder";
import { vercelEncoder } from "./vercelEncoder";

/** The encoder of each protocol the demo agent speaks. */
export const protocolEncoders: Record<DemoProtocol, ProtocolEncoder> = {
  crayon: crayonEncoder,
  "ag-ui": agUIEncoder,
  vercel: vercelEncoder,
  openai: openAIEncoder,
  "open-responses": openResponsesEncoder,
  "plain-text": plainTextEncoder,
  text: textEncoder,
};
