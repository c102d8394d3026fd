import { describe, expect, it } from "vitest";
import { defaultDelayMs, defaultMaxBodyBytes, resolveOptions } from "./options";

describe("resolveOptions", () => {
  it("defaults to PGlite in memory, replies in process, 20 ms, no model, a 1 MiB body limit and no CORS", () => {
    expect(resolveOptions({}, {})).toEqual({
      delayMs: defaultDelayMs,
      maxBodyBytes: defaultMaxBodyBytes,
      corsOrigins: [],
    });
    expect(defaultMaxBodyBytes).toBe(1024 * 1024);
    expect(defaultDelayMs).toBe(20);
  });

  it("reads the environment", () => {
    const env = {
      DATABASE_URL: "postgres://demo@db.example:5432/demo",
      CRAYON_DEMO_DATA_DIR: "/tmp/threads",
      CRAYON_DEMO_DELAY_MS: "0",
      OPENAI_API_KEY: "key",
      OPENAI_BASE_URL: "http://localhost:1234/v1",
      OPENAI_MODEL: "small",
      CRAYON_DEMO_MAX_BODY_BYTES: "2048",
      CRAYON_DEMO_CORS_ORIGINS: "https://a.example, https://b.example",
      REDIS_URL: "redis://127.0.0.1:6380",
    };
    expect(resolveOptions({}, env)).toEqual({
      databaseUrl: "postgres://demo@db.example:5432/demo",
      delayMs: 0,
      openai: { apiKey: "key", baseURL: "http://localhost:1234/v1", model: "small" },
      maxBodyBytes: 2048,
      corsOrigins: ["https://a.example", "https://b.example"],
      redisUrl: "redis://127.0.0.1:6380",
    });
  });

  it("prefers explicit options, and null turns the model off", () => {
    const env = { CRAYON_DEMO_DELAY_MS: "50", OPENAI_API_KEY: "key" };
    expect(resolveOptions({ dataDir: "threads", delayMs: 5, openai: null }, env)).toEqual({
      dataDir: "threads",
      delayMs: 5,
      maxBodyBytes: defaultMaxBodyBytes,
      corsOrigins: [],
    });
  });

  it("keeps threads in one place: a database URL over a data directory, an empty one for none", () => {
    const env = { DATABASE_URL: "postgres://h/db", CRAYON_DEMO_DATA_DIR: "env-dir" };
    expect(resolveOptions({}, { CRAYON_DEMO_DATA_DIR: "env-dir" }).dataDir).toBe("env-dir");
    expect(resolveOptions({ dataDir: "mine" }, env)).toMatchObject({
      databaseUrl: "postgres://h/db",
    });
    expect(resolveOptions({ dataDir: "mine" }, env).dataDir).toBeUndefined();
    expect(resolveOptions({ databaseUrl: "", dataDir: "mine" }, env).dataDir).toBe("mine");
    const none = resolveOptions({ databaseUrl: "", dataDir: "" }, env);
    expect([none.databaseUrl, none.dataDir]).toEqual([undefined, undefined]);
  });

  it("ignores a delay that is not a number", () => {
    expect(resolveOptions({}, { CRAYON_DEMO_DELAY_MS: "fast" }).delayMs).toBe(defaultDelayMs);
  });
});
