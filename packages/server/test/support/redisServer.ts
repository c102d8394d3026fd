import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createServer, Socket } from "node:net";

/** Where Debian's `redis-server` is, or undefined when it is not installed. */
export function redisServerPath(): string | undefined {
  const explicit = process.env.REDIS_SERVER_PATH;
  if (explicit) return explicit;
  const found = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" });
  const path = found.stdout.trim();
  return found.status === 0 && path ? path : undefined;
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.connect(port, "127.0.0.1");
  });
}

/** A real `redis-server` of the test's own, on a free loopback port, with no persistence. */
export type RedisServer = {
  url: string;
  port: number;
  /** Stops it (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port (after `stop`). */
  restart(): Promise<void>;
};

/** Starts a `redis-server` (throws when it is not installed: check {@link redisServerPath}). */
export async function startRedisServer(): Promise<RedisServer> {
  const binary = redisServerPath();
  if (!binary) throw new Error("redis-server is not installed (apt-get install redis-server).");
  const port = await freePort();
  let child: ChildProcess | undefined;
  const launch = async () => {
    child = spawn(
      binary,
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    const deadline = Date.now() + 10_000;
    while (!(await canConnect(port))) {
      if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    await exited;
  };
  await launch();
  return { url: `redis://127.0.0.1:${port}`, port, stop, restart: launch };
}
