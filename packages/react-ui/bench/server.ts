import { readdir, readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, relative } from "node:path";
import { type EncodedReply, UI_MESSAGE_STREAM_HEADERS } from "./uiMessageStream";

/** What the server answers while one scenario runs. */
export type ServedReply = {
  /** Streamed to `POST /api/chat`. */
  readonly stream: EncodedReply;
  /** Text deltas per second; `undefined` sends them all at once. */
  readonly eventsPerSecond: number | undefined;
  /** `GET /api/history`: the stored conversation as AI SDK `UIMessage`s (JSON). */
  readonly history: Buffer;
};

/** The local server both pages talk to: their built files, the chat route and the history. */
export type BenchServer = {
  readonly url: string;
  /** Sets what the routes answer from now on. */
  serve(reply: ServedReply): void;
  close(): Promise<void>;
};

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** Sends the head at once, the deltas on a fixed schedule (not drifting with timer lateness). */
function streamReply(res: ServerResponse, reply: ServedReply) {
  const { stream, eventsPerSecond } = reply;
  res.writeHead(200, UI_MESSAGE_STREAM_HEADERS);
  res.write(stream.head);
  const started = performance.now();
  let sent = 0;
  const tick = () => {
    if (res.destroyed) return;
    const due = eventsPerSecond
      ? Math.min(
          stream.deltas.length,
          Math.floor(((performance.now() - started) / 1000) * eventsPerSecond) + 1,
        )
      : stream.deltas.length;
    if (due > sent) {
      res.write(Buffer.concat(stream.deltas.slice(sent, due)));
      sent = due;
    }
    if (sent === stream.deltas.length) {
      res.end(stream.tail);
      return;
    }
    const nextAt = started + (sent / eventsPerSecond!) * 1000;
    setTimeout(tick, Math.max(0, nextAt - performance.now()));
  };
  tick();
}

/**
 * Starts the server on a free loopback port. Only the files built into `root` are served
 * (looked up in a fixed table, so no request path reaches the file system).
 */
export async function startBenchServer(root: string): Promise<BenchServer> {
  const files = new Map<string, { body: Buffer; type: string }>();
  for (const file of await listFiles(root)) {
    const type = contentTypes[extname(file)] ?? "application/octet-stream";
    files.set(`/${relative(root, file).split("\\").join("/")}`, {
      body: await readFile(file),
      type,
    });
  }
  let current: ServedReply | undefined;

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (req.method === "POST" && path === "/api/chat") {
      // The request body (the conversation) is read and dropped: every run gets the same reply.
      req.resume();
      req.on("end", () => {
        if (current) streamReply(res, current);
        else res.writeHead(503).end("no scenario is set");
      });
      return;
    }
    if (req.method === "GET" && path === "/api/history") {
      if (!current) return res.writeHead(503).end("no scenario is set");
      return res.writeHead(200, { "content-type": "application/json" }).end(current.history);
    }
    // Resuming a reply (the AI SDK's `GET {api}/{id}/stream`, which Crayon asks when a thread
    // opens): no reply is running, 204 as the convention says.
    if (req.method === "GET" && /^\/api\/chat\/[^/]+\/stream$/.test(path)) {
      return res.writeHead(204).end();
    }
    // Browsers ask for it unprompted; an empty answer keeps the console free of 404s.
    if (path === "/favicon.ico") return res.writeHead(204).end();
    const file = files.get(path);
    if (req.method === "GET" && file)
      return res.writeHead(200, { "content-type": file.type }).end(file.body);
    res.writeHead(404).end();
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    serve(reply) {
      current = reply;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
