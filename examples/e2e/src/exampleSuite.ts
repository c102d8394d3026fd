import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser";
import { type ExampleServer, serveExample } from "./exampleServer";

/** What {@link exampleSuite} gives a suite's tests. */
export type ExampleSuite = {
  /** The browser the suite's pages open in. */
  readonly browser: Browser;
  /** The served example's address. */
  readonly url: string;
};

/**
 * Serves the built example `name` and launches a browser for the calling `describe`: started
 * before its tests, stopped after them. Read `browser` and `url` inside tests and hooks. `env`
 * adds to the server's environment (the demo agent's pace, say).
 */
export function exampleSuite(name: string, env: Record<string, string> = {}): ExampleSuite {
  let browser: Browser | undefined;
  let server: ExampleServer | undefined;
  beforeAll(async () => {
    server = await serveExample(name, "vite", env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });
  const started = () => {
    if (!browser || !server) throw new Error(`The ${name} example is not served yet`);
    return { browser, server };
  };
  return {
    get browser() {
      return started().browser;
    },
    get url() {
      return started().server.url;
    },
  };
}
