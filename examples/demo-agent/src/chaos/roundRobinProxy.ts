import { createServer, type Socket, connect as tcpConnect } from "node:net";

// Test support: a TCP load balancer in front of several instances, as an L4 balancer (HAProxy in
// TCP mode, a cloud network load balancer) sits in front of them in production.

/** A running {@link startRoundRobinProxy}. */
export type RoundRobinProxy = {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  port: number;
  /** Connections handed to each upstream port, and refused by all of them. */
  readonly counts: { perUpstream: Map<number, number>; refused: number };
  /** Stops listening and cuts every connection. */
  close(): Promise<void>;
};

/**
 * Listens on a free loopback port; each new connection goes to the next upstream (loopback
 * ports, round robin) that accepts it: one that refuses (down, restarting, shutting down) is
 * skipped, as a balancer's retry on connect failure does, and a connection that none accepts
 * is closed. A connection is bound to its upstream for its whole life: when the upstream dies
 * (SIGKILL) or closes it, the client's side is cut too, with no word to the client.
 */
export async function startRoundRobinProxy(upstreams: readonly number[]): Promise<RoundRobinProxy> {
  let next = 0;
  const open = new Set<Socket>();
  const counts = { perUpstream: new Map(upstreams.map((port) => [port, 0])), refused: 0 };
  const track = (socket: Socket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
  };

  /** Connects to the upstreams from the next one on; undefined when none accepts. */
  const connectUpstream = async (): Promise<{ socket: Socket; port: number } | undefined> => {
    const first = next;
    next = (next + 1) % upstreams.length;
    for (let tried = 0; tried < upstreams.length; tried++) {
      const port = upstreams[(first + tried) % upstreams.length]!;
      const socket = await new Promise<Socket | undefined>((resolve) => {
        const attempt = tcpConnect({ port, host: "127.0.0.1" });
        attempt.once("connect", () => resolve(attempt));
        attempt.once("error", () => {
          attempt.destroy();
          resolve(undefined);
        });
      });
      if (socket) return { socket, port };
    }
    return undefined;
  };

  const server = createServer({ pauseOnConnect: true }, async (client) => {
    track(client);
    client.on("error", () => client.destroy());
    const upstream = await connectUpstream();
    if (!upstream || client.destroyed) {
      if (!upstream) counts.refused++;
      upstream?.socket.destroy();
      client.destroy();
      return;
    }
    const { socket } = upstream;
    track(socket);
    counts.perUpstream.set(upstream.port, (counts.perUpstream.get(upstream.port) ?? 0) + 1);
    socket.setNoDelay(true);
    client.setNoDelay(true);
    // Either side going away takes the other with it: an upstream reset (or error) resets the
    // client, an upstream that closed (a crash closes its sockets) closes it once written out.
    socket.on("error", () => client.destroy());
    socket.once("close", () => client.end());
    client.once("close", () => socket.destroy());
    client.pipe(socket);
    socket.pipe(client);
    client.resume();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
