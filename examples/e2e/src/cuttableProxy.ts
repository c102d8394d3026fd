import { connect, createServer, type Server, type Socket } from "node:net";
import { freePort } from "../../../packages/server/test/support/redisServer";

/**
 * A TCP proxy the test owns, in front of an example's server: `cut(ms)` resets every open
 * connection and refuses new ones for `ms`, then serves again on the same port — a network
 * blink as the browser sees it.
 */
export type CuttableProxy = {
  url: string;
  cut(ms: number): Promise<void>;
  close(): Promise<void>;
};

/** Starts the proxy on a free port; it keeps that port across cuts. */
export async function startCuttableProxy(upstreamPort: number): Promise<CuttableProxy> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  };
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = connect(upstreamPort, "127.0.0.1");
        track(client);
        track(upstream);
        client.pipe(upstream);
        upstream.pipe(client);
        client.on("error", () => upstream.destroy());
        upstream.on("error", () => client.destroy());
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        server = next;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      const running = server;
      server = undefined;
      // Reset, not end: the browser sees the connection fail mid-response.
      for (const socket of sockets) socket.resetAndDestroy();
      if (!running) return resolve();
      running.close(() => resolve());
    });
  await listen();
  return {
    url: `http://127.0.0.1:${port}`,
    async cut(ms) {
      await stop();
      await new Promise((resolve) => setTimeout(resolve, ms));
      await listen();
    },
    close: stop,
  };
}
