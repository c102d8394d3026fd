import { describe, expect, it } from "vitest";
import { defaultDbFile, defaultDelayMs, resolveOptions } from "./options";

describe("resolveOptions", () => {
  it("defaults to ./.data, 20 ms and no model", () => {
    expect(resolveOptions({}, {})).toEqual({ dbFile: defaultDbFile, delayMs: defaultDelayMs });
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
    };
    expect(resolveOptions({}, env)).toEqual({
      dbFile: "/tmp/x.sqlite",
      delayMs: 0,
      openai: { apiKey: "key", baseURL: "http://localhost:1234/v1", model: "small" },
    });
  });

  it("prefers explicit options, and null turns the model off", () => {
    const env = { CRAYON_DEMO_DELAY_MS: "50", OPENAI_API_KEY: "key" };
    expect(resolveOptions({ dbFile: "a.sqlite", delayMs: 5, openai: null }, env)).toEqual({
      dbFile: "a.sqlite",
      delayMs: 5,
    });
  });

  it("ignores a delay that is not a number", () => {
    expect(resolveOptions({}, { CRAYON_DEMO_DELAY_MS: "fast" }).delayMs).toBe(defaultDelayMs);
  });
});
