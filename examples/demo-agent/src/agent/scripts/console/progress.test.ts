import { describe, expect, it } from "vitest";
import { waitForUpdate } from "./progress";

const context = (delayMs: number, signal = new AbortController().signal) => ({
  messages: [],
  input: "",
  signal,
  delayMs,
});

describe("waitForUpdate", () => {
  it("ends the wait at once when the reply is stopped, and says the reply is over", async () => {
    const controller = new AbortController();
    const waiting = waitForUpdate(context(60_000, controller.signal), 10);
    controller.abort();
    await expect(waiting).resolves.toBe(false);
  });

  it("does not wait when the server's delay is 0, and says the reply goes on", async () => {
    await expect(waitForUpdate(context(0), 1_000)).resolves.toBe(true);
  });
});
