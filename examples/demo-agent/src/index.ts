/**
 * A scripted, deterministic demo agent for the Crayon examples: every message kind over every
 * protocol, threads persisted in SQLite.
 *
 * @packageDocumentation
 */

export type { Script, ScriptContext } from "./agent/script";
export { demoScripts } from "./agent/scripts";
export { createDemoAgentApp, createDemoAgentServer, type DemoAgentServer } from "./app";
export type { OpenAIOptions } from "./openai/openAIReply";
export { type DemoAgentOptions, defaultDbFile, defaultDelayMs } from "./options";
export { type DemoProtocol, demoProtocols, isDemoProtocol } from "./protocols/demoProtocols";
export { protocolEncoders } from "./protocols/encoders";
export type { ProtocolEncoder, RunInfo } from "./protocols/protocolEncoder";
export type { StoredThread, ThreadPage } from "./store/threadStore";
