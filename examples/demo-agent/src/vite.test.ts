import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { demoAgentPlugin, isDemoAgentPath } from "./vite";

describe("isDemoAgentPath", () => {
  it("takes /api and everything under it, nothing else", () => {
    for (const url of ["/api", "/api/", "/api/threads", "/api?x=1"])
      expect(isDemoAgentPath(url)).toBe(true);
    for (const url of ["/", "/apis", "/app/api", "/index.html", undefined]) {
      expect(isDemoAgentPath(url)).toBe(false);
    }
  });
});

describe("demoAgentPlugin", () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  it.each(["configureServer", "configurePreviewServer"] as const)(
    "serves /api from %s and leaves other URLs to Vite",
    async (hook) => {
      const plugin = demoAgentPlugin({ databaseUrl: "", dataDir: "", delayMs: 0, openai: null });
      let middleware: ((req: any, res: any, next: () => void) => void) | undefined;
      const fakeViteServer = { middlewares: { use: (fn: typeof middleware) => (middleware = fn) } };
      (plugin[hook] as (server: unknown) => void)(fakeViteServer);

      server = createServer((req, res) =>
        middleware!(req, res, () => {
          res.statusCode = 200;
          res.end("vite");
        }),
      );
      await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

      const scripts = await fetch(`${base}/api/scripts`);
      expect(scripts.headers.get("content-type")).toContain("application/json");
      expect(await scripts.json()).toEqual(
        expect.arrayContaining([expect.objectContaining({ command: "/help" })]),
      );
      expect(await (await fetch(`${base}/index.html`)).text()).toBe("vite");
    },
  );
});
