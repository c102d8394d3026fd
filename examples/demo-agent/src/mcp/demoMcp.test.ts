import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { demoMcpServers } from "./demoMcp";

describe("demoMcpServers", () => {
  const made: string[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it("runs each published example server's installed CLI over stdio", () => {
    const servers = demoMcpServers({ onMissing: () => expect.unreachable() });
    expect(Object.keys(servers).sort()).toEqual([
      "basic-react",
      "basic-vanillajs",
      "system-monitor",
    ]);
    for (const { command, args } of Object.values(servers) as {
      command: string;
      args: string[];
    }[]) {
      expect(command).toBe(process.execPath);
      expect(args[1]).toBe("--stdio");
      expect(existsSync(args[0]!)).toBe(true);
    }
  });

  it("finds the packages from another directory, as a module there would", () => {
    const from = join(import.meta.dirname, "../..");
    expect(Object.keys(demoMcpServers({ from }))).toHaveLength(3);
  });

  it("leaves out, and says, the servers whose packages cannot be found", async () => {
    const from = await mkdtemp(join(tmpdir(), "demo-mcp-"));
    made.push(from);
    // In a process of its own: the test runner puts its store's hoisted packages on NODE_PATH,
    // where Node would find them from anywhere, which a bundled app's server does not have.
    const script = `
      import { demoMcpServers } from "./src/mcp/demoMcp.ts";
      const missing = [];
      const servers = demoMcpServers({ from: ${JSON.stringify(from)}, onMissing: (server, name) => missing.push([server, name]) });
      const warned = [];
      console.warn = (text) => warned.push(text);
      demoMcpServers({ from: ${JSON.stringify(from)} });
      console.log(JSON.stringify({ servers, missing, warned }));`;
    const output = execFileSync(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      { cwd: join(import.meta.dirname, "../.."), env: { ...process.env, NODE_PATH: "" } },
    );
    const { servers, missing, warned } = JSON.parse(String(output));
    expect(servers).toEqual({});
    expect(missing).toEqual([
      ["basic-react", "@modelcontextprotocol/server-basic-react"],
      ["basic-vanillajs", "@modelcontextprotocol/server-basic-vanillajs"],
      ["system-monitor", "@modelcontextprotocol/server-system-monitor"],
    ]);
    expect(warned[0]).toMatch(
      /"basic-react" is left out: its package @modelcontextprotocol\/server-basic-react cannot be found/,
    );
  });
});
