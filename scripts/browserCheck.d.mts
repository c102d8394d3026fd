import type { Server } from "node:http";
import type { Browser, BrowserType } from "playwright-core";

/** Debian's Chromium; CI installs it with apt. Override with CHROMIUM_PATH. */
export declare const chromiumPath: string;
/** Launches Chromium headless, without sandbox, GPU or background traffic. */
export declare function launchChromium(chromium: BrowserType): Promise<Browser>;
/** A static file server for `dir` on 127.0.0.1 and a free port. */
export declare function serveStatic(dir: string): Promise<Server>;
