// The `@crayonai/stream/mcp-apps` entry: the Content Security Policy an MCP App's document runs
// under, shared by the chat (`@crayonai/react-ui`, an app shown without a proxy) and the sandbox
// proxy page of `@crayonai/server/mcp`, so both apply one policy.
export {
  appContentSecurityPolicy,
  type DeclaredCsp,
  declaredCsp,
  withContentSecurityPolicy,
} from "./appContentSecurityPolicy";
