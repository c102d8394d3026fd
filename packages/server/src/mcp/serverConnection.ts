import {
  type CallToolResult,
  Client,
  ProtocolError,
  type ReadResourceResult,
  SdkError,
  SdkErrorCode,
  StreamableHTTPClientTransport,
  type Tool,
  type Transport,
} from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { McpAppsError } from "./mcpAppsError";
import { MCP_APP_MIME_TYPE, type McpAppResourceUi, resourceUi, uiResourceUri } from "./uiMeta";

/** An MCP server run as a child process, spoken to over its stdin and stdout. */
export type McpStdioServer = {
  command: string;
  args?: string[];
  /** Its environment (default: the SDK's safe subset of this process's: `PATH`, `HOME`, …). */
  env?: Record<string, string>;
  cwd?: string;
};

/** An MCP server reached over Streamable HTTP. */
export type McpHttpServer = {
  url: string | URL;
  /** Sent with every request (an `Authorization` header, …). */
  headers?: Record<string, string>;
};

/** How to reach one MCP server. */
export type McpServerConfig = McpStdioServer | McpHttpServer;

/** What the client tells servers about itself (and the MCP Apps extension it supports). */
const CLIENT_INFO = { name: "crayon", version: "1" };

/** The MCP Apps extension, as a client advertises it in `capabilities.extensions`. */
export const MCP_APPS_EXTENSION = "io.modelcontextprotocol/ui";

/** What a connection needs besides the server's address. */
export type ConnectionOptions = {
  /** How long one request may take, in ms. */
  timeoutMs: number;
  /** Where a server's stderr and failures are reported. */
  log: (message: string, error?: unknown) => void;
};

/** The resources a server lists, by URI: the `_meta.ui` of each `ui://` one. */
type ResourceListing = Map<string, McpAppResourceUi | undefined>;

function transportOf(config: McpServerConfig): Transport {
  if ("url" in config) {
    return new StreamableHTTPClientTransport(new URL(config.url), {
      requestInit: { headers: config.headers ?? {} },
    });
  }
  return new StdioClientTransport({
    command: config.command,
    args: config.args ?? [],
    ...(config.env && { env: config.env }),
    ...(config.cwd && { cwd: config.cwd }),
    stderr: "pipe",
  });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * One configured MCP server: connected on first use, reconnected on the next use after it went
 * away, its tool and resource lists kept until it says they changed.
 */
export class ServerConnection {
  private client: Promise<Client> | undefined;
  private tools: Promise<Tool[]> | undefined;
  private resources: Promise<ResourceListing> | undefined;
  private closed = false;

  constructor(
    readonly name: string,
    private readonly config: McpServerConfig,
    private readonly options: ConnectionOptions,
  ) {}

  /** The connected client, connecting first when there is none. */
  private connected(): Promise<Client> {
    if (this.closed)
      return Promise.reject(
        new McpAppsError("server_unavailable", `MCP server ${this.name} is closed.`),
      );
    this.client ??= this.connect();
    return this.client;
  }

  private connect(): Promise<Client> {
    const forget = () => {
      this.client = undefined;
      this.tools = undefined;
      this.resources = undefined;
    };
    const client = new Client(CLIENT_INFO, {
      capabilities: { extensions: { [MCP_APPS_EXTENSION]: { mimeTypes: [MCP_APP_MIME_TYPE] } } },
      listChanged: {
        tools: {
          autoRefresh: false,
          debounceMs: 0,
          onChanged: () => {
            this.tools = undefined;
          },
        },
        resources: {
          autoRefresh: false,
          debounceMs: 0,
          onChanged: () => {
            this.resources = undefined;
          },
        },
      },
    });
    const transport = transportOf(this.config);
    if (transport instanceof StdioClientTransport) {
      transport.stderr?.on("data", (chunk: Buffer) => {
        this.options.log(`MCP server ${this.name}: ${String(chunk).trimEnd()}`);
      });
    }
    // The next use connects again (a server that crashed is restarted then).
    client.onclose = () => {
      if (this.client === connecting) forget();
    };
    const connecting = client
      .connect(transport, { timeout: this.options.timeoutMs })
      .then(() => client)
      .catch(async (error: unknown) => {
        if (this.client === connecting) forget();
        await client.close().catch(() => {});
        throw new McpAppsError(
          "server_unavailable",
          `MCP server ${this.name} could not be started or reached: ${messageOf(error)}`,
          { cause: error },
        );
      });
    return connecting;
  }

  /** A failure of a request to this server as an {@link McpAppsError}. */
  private failure(error: unknown, what: string, signal?: AbortSignal): McpAppsError {
    if (error instanceof McpAppsError) return error;
    if (signal?.aborted) return new McpAppsError("cancelled", `${what} was cancelled.`);
    if (error instanceof SdkError) {
      if (error.code === SdkErrorCode.ConnectionClosed || error.code === SdkErrorCode.NotConnected)
        return new McpAppsError(
          "server_disconnected",
          `MCP server ${this.name} disconnected during ${what}.`,
          { cause: error },
        );
      if (error.code === SdkErrorCode.RequestTimeout)
        return new McpAppsError(
          "timeout",
          `MCP server ${this.name} did not answer ${what} in ${this.options.timeoutMs} ms.`,
          { cause: error },
        );
    }
    if (error instanceof ProtocolError)
      return new McpAppsError(
        "server_error",
        `MCP server ${this.name} refused ${what}: ${error.message.slice(0, 500)}`,
        { cause: error },
      );
    return new McpAppsError(
      "server_error",
      `MCP server ${this.name} failed ${what}: ${messageOf(error).slice(0, 500)}`,
      { cause: error },
    );
  }

  /** Runs `request` on the connected client, its failures typed. */
  private async request<T>(
    what: string,
    request: (client: Client) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    if (signal?.aborted) throw new McpAppsError("cancelled", `${what} was cancelled.`);
    try {
      return await request(await this.connected());
    } catch (error) {
      throw this.failure(error, what, signal);
    }
  }

  /** The server's tools, as it lists them (kept until it says they changed). */
  listTools(): Promise<Tool[]> {
    if (!this.tools) {
      const listing = this.request(
        "tools/list",
        async (client) => (await client.listTools()).tools,
      );
      this.tools = listing;
      listing.catch(() => {
        if (this.tools === listing) this.tools = undefined;
      });
    }
    return this.tools;
  }

  /**
   * The `_meta.ui` of the server's `ui://` resources as `resources/list` gives them (the
   * fallback for what `resources/read` says), by URI; empty for a server without resources.
   */
  listResources(): Promise<ResourceListing> {
    if (!this.resources) {
      const listing = this.request("resources/list", async (client) => {
        const listed: ResourceListing = new Map();
        if (!client.getServerCapabilities()?.resources) return listed;
        for (const resource of (await client.listResources()).resources) {
          const uri = uiResourceUri(resource.uri);
          if (uri) listed.set(uri, resourceUi(resource._meta));
        }
        return listed;
      });
      this.resources = listing;
      listing.catch(() => {
        if (this.resources === listing) this.resources = undefined;
      });
    }
    return this.resources;
  }

  /** Calls a tool; `signal` cancels it (the server is told). */
  callTool(
    name: string,
    args: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<CallToolResult> {
    return this.request(
      `the call of ${name}`,
      (client) =>
        client.callTool(
          { name, arguments: args },
          { timeout: this.options.timeoutMs, ...(signal && { signal }) },
        ) as Promise<CallToolResult>,
      signal,
    );
  }

  /** Reads a resource. */
  readResource(uri: string, signal?: AbortSignal): Promise<ReadResourceResult> {
    return this.request(
      `resources/read of ${uri}`,
      (client) =>
        client.readResource(
          { uri },
          { timeout: this.options.timeoutMs, cacheMode: "bypass", ...(signal && { signal }) },
        ),
      signal,
    );
  }

  /** Disconnects (a stdio server's process is ended); later uses fail. */
  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    await client?.then((connected) => connected.close()).catch(() => {});
  }
}
