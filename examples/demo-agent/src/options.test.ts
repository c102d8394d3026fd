import { describe, expect, it } from "vitest";
import { defaultDbFile, defaultDelayMs, defaultMaxBodyBytes, resolveOptions } from "./options";

describe("resolveOptions", () => {
  it("defaults to ./.data, 20 ms, no model, a 1 MiB body limit and no CORS", () => {
    expect(resolveOptions({}, {})).toEqual({
      dbFile: defaultDbFile,
      delayMs: defaultDelayMs,
      maxBodyBytes: defaultMaxBodyBytes,
      corsOrigins: [],
    });
    expect(defaultMaxBodyBytes).toBe(1024 * 1024);
    expect(defaultDbFile).toBe("./.data/demo-agent.sqlite");
    expect(defaultDelayMs).toBe(20);
  });

  it("reads the environment", () => {
    const env = {
      CRAYON_DEMO_DB: "/tmp/x.sqlite",
      CRAYON_DEMO_DELAY_MS: "0",
      OPENAI_API_KEY: "key",
      OPENAI_BASE_URL: "http://localhost:1234/v1",
      OPENAI_MODEL: "small",
      CRAYON_DEMO_MAX_BODY_BYTES: "2048",
      CRAYON_DEMO_CORS_ORIGINS: "https://a.example, https://b.example",
      REDIS_URL: "redis://127.0.0.1:6380",
    };
    expect(resolveOptions({}, env)).toEqual({
      dbFile: "/tmp/x.sqlite",
      delayMs: 0,
      openai: { apiKey: "key", baseURL: "http://localhost:1234/v1", model: "small" },
      maxBodyBytes: 2048,
      corsOrigins: ["https://a.example", "https://b.example"],
      redisUrl: "redis://127.0.0.1:6380",
    });
  });

  it("prefers explicit options, and null turns the model off", () => {
    const env = { CRAYON_DEMO_DELAY_MS: "50", OPENAI_API_KEY: "key" };
    expect(resolveOptions({ dbFile: "a.sqlite", delayMs: 5, openai: null }, env)).toEqual({
      dbFile: "a.sqlite",
      delayMs: 5,
      maxBodyBytes: defaultMaxBodyBytes,
      corsOrigins: [],
    });
  });

  it("ignores a delay that is not a number", () => {
    expect(resolveOptions({}, { CRAYON_DEMO_DELAY_MS: "fast" }).delayMs).toBe(defaultDelayMs);
  });
});
