import type { McpServerConfig } from "@crayonai/server/mcp";
import type { SqlDatabase } from "@crayonai/server/threads";
import type { OpenAIOptions } from "./openai/openAIReply";

/** Options of `createDemoAgentApp`. Every one has a default, read from the environment. */
export type DemoAgentOptions = {
  /**
   * A Postgres server to keep threads in (`postgres://user:password@host:5432/database`), so
   * that every instance of the demo agent given the same one shares them. Default:
   * `DATABASE_URL`, else none: threads are kept in PGlite, in this process. An empty string
   * means none, whatever the environment says.
   */
  databaseUrl?: string;
  /**
   * Without `databaseUrl`: the directory PGlite keeps threads in (created when missing), so they
   * outlive a restart. One process at a time may use it. Default: `CRAYON_DEMO_DATA_DIR`, else
   * none: in memory, gone when the process ends.
   */
  dataDir?: string;
  /**
   * The thread database itself, used instead of one made from `databaseUrl` or `dataDir`: any
   * `SqlDatabase` of `@crayonai/server` (e.g. `pgliteDatabase({ pglite })` on a PGlite instance
   * of your own). `close()` closes it.
   */
  database?: SqlDatabase;
  /** Pause in ms between streamed pieces of a scripted reply. Default: `CRAYON_DEMO_DELAY_MS`, else 20. */
  delayMs?: number;
  /**
   * Answer messages that are not commands with an OpenAI-compatible model. Default: set when
   * `OPENAI_API_KEY` is, with `OPENAI_BASE_URL` and `OPENAI_MODEL`. Pass `null` to turn it off.
   */
  openai?: OpenAIOptions | null;
  /** Larger request bodies get 413. Default: `CRAYON_DEMO_MAX_BODY_BYTES`, else 1 MiB. */
  maxBodyBytes?: number;
  /**
   * Origins allowed to call the API from another origin (CORS). Default:
   * `CRAYON_DEMO_CORS_ORIGINS` (comma-separated), else none: the examples serve it same-origin.
   */
  corsOrigins?: readonly string[];
  /**
   * A Redis server (`redis://host:port`) where replies are kept while they stream, so that any
   * instance of the demo agent sharing it can resume or stop them. Default: `REDIS_URL`, else
   * none: replies are kept in this process (resumed and stopped through it only).
   */
  redisUrl?: string;
  /**
   * The MCP servers `/mcp` calls, by name, whose apps the MCP routes (`/api/mcp/*`) serve.
   * Default: the published MCP App examples the demo agent installs (`basic-react`,
   * `basic-vanillajs`, `system-monitor`), each run over stdio when first used. `null`: none.
   */
  mcpServers?: Record<string, McpServerConfig> | null;
};

/** {@link DemoAgentOptions} with the defaults filled in. */
export type ResolvedDemoAgentOptions = {
  databaseUrl?: string;
  dataDir?: string;
  database?: SqlDatabase;
  delayMs: number;
  openai?: OpenAIOptions;
  maxBodyBytes: number;
  corsOrigins: readonly string[];
  redisUrl?: string;
};

/** The default request body limit: a long conversation with small inline images fits. */
export const defaultMaxBodyBytes = 1024 * 1024;

/** The default pause between streamed pieces, in ms. */
export const defaultDelayMs = 20;

/** A non-negative number from an environment variable, or undefined. */
function numberFromEnv(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : undefined;
}

function openAIFromEnv(env: NodeJS.ProcessEnv): OpenAIOptions | undefined {
  const apiKey = env.OPENAI_API_KEY;
  if (!apiKey) return undefined;
  const options: OpenAIOptions = { apiKey };
  if (env.OPENAI_BASE_URL) options.baseURL = env.OPENAI_BASE_URL;
  if (env.OPENAI_MODEL) options.model = env.OPENAI_MODEL;
  return options;
}

/** Fills in the defaults of {@link DemoAgentOptions} from `env`. */
export function resolveOptions(
  options: DemoAgentOptions = {},
  env: NodeJS.ProcessEnv = process.env,
): ResolvedDemoAgentOptions {
  const openai = options.openai === undefined ? openAIFromEnv(env) : (options.openai ?? undefined);
  const redisUrl = options.redisUrl ?? (env.REDIS_URL || undefined);
  const databaseUrl = options.databaseUrl ?? (env.DATABASE_URL || undefined);
  const dataDir = options.dataDir ?? (env.CRAYON_DEMO_DATA_DIR || undefined);
  return {
    ...(options.database
      ? { database: options.database }
      : databaseUrl
        ? { databaseUrl }
        : dataDir
          ? { dataDir }
          : {}),
    delayMs: options.delayMs ?? numberFromEnv(env.CRAYON_DEMO_DELAY_MS) ?? defaultDelayMs,
    maxBodyBytes:
      options.maxBodyBytes ?? numberFromEnv(env.CRAYON_DEMO_MAX_BODY_BYTES) ?? defaultMaxBodyBytes,
    corsOrigins:
      options.corsOrigins ??
      (env.CRAYON_DEMO_CORS_ORIGINS ?? "")
        .split(",")
        .map((origin) => origin.trim())
        .filter(Boolean),
    ...(openai ? { openai } : {}),
    ...(redisUrl ? { redisUrl } : {}),
  };
}
