/**
 * A scripted, deterministic demo agent for the Crayon examples: every message kind over every
 * protocol, threads kept by `@crayonai/server`'s thread store (PGlite, or Postgres with
 * `DATABASE_URL`).
 *
 * @packageDocumentation
 */

export type { Script, ScriptContext } from "./agent/script";
export { demoScripts } from "./agent/scripts";
export { createDemoAgentApp, createDemoAgentServer, type DemoAgentServer } from "./app";
export { type DemoMcpServersOptions, demoMcpServers } from "./mcp/demoMcp";
export type { OpenAIOptions } from "./openai/openAIReply";
export { type DemoAgentOptions, defaultDelayMs } from "./options";
export { type DemoProtocol, demoProtocols, isDemoProtocol } from "./protocols/demoProtocols";
export { protocolEncoders } from "./protocols/encoders";
export type { ProtocolEncoder, RunInfo } from "./protocols/protocolEncoder";
export { DEMO_USER } from "./store/demoUser";
