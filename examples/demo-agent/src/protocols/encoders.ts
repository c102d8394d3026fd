import { agUIEncoder } from "./agUIEncoder";
import { crayonEncoder } from "./crayonEncoder";
import type { DemoProtocol } from "./demoProtocols";
import { openAIEncoder } from "./openAIEncoder";
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
  "plain-text": plainTextEncoder,
  text: textEncoder,
};
