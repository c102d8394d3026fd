// What the browser checks of built static sites share (the Storybook's and the docs site's):
// Debian's Chromium, launched headless with the flags CI needs, and a static file server.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, join, normalize, sep } from "node:path";

/** Debian's Chromium; CI installs it with apt. Override with CHROMIUM_PATH. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Launches Chromium headless, without sandbox, GPU or background traffic.
 * @param {typeof import("playwright-core").chromium} chromium the caller's playwright-core
 */
export function launchChromium(chromium) {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
    ],
  });
}

const CONTENT_TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
  ".ico": "image/x-icon",
  ".wasm": "application/wasm",
};

/**
 * A static file server for `dir` on 127.0.0.1 and a free port; a folder's address serves its
 * index.html, and /favicon.ico the site's favicon.svg.
 * @returns {Promise<import("node:http").Server>}
 */
export function serveStatic(dir) {
  const server = createServer(async (request, response) => {
    let pathname = decodeURIComponent(new URL(request.url, "http://x").pathname);
    // Chromium asks for /favicon.ico on its own; the sites ship an SVG one.
    if (pathname === "/favicon.ico") pathname = "/favicon.svg";
    const file = normalize(join(dir, pathname.endsWith("/") ? `${pathname}index.html` : pathname));
    if (file !== dir && !file.startsWith(dir + sep)) {
      response.writeHead(403).end();
      return;
    }
    try {
      if (!(await stat(file)).isFile()) throw new Error("not a file");
    } catch {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      "content-type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream",
      "cache-control": "no-store",
    });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolveServer) => {
    server.listen(0, "127.0.0.1", () => resolveServer(server));
  });
}
