import { createServer } from "node:net";

/**
 * A loopback port nothing listens on now, so test files (and two copies of the suite) never
 * ask for the same one.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(address),
      );
    });
  });
}
