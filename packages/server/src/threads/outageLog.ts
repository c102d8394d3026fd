import { DatabaseUnavailableError } from "./databaseUnavailableError";

/**
 * Says once that the database went away and once that it is back, however many operations
 * fail meanwhile: an outage is one log line, not one per request.
 */
export function outageLog(log: (message: string, error?: unknown) => void) {
  let down = false;
  return {
    /** Reports `error` when it is the first unavailability since the database was last up. */
    failed(error: unknown): void {
      if (!(error instanceof DatabaseUnavailableError) || down) return;
      down = true;
      log(error.message, error.cause ?? error);
    },
    /** An operation reached the database. */
    succeeded(): void {
      if (!down) return;
      down = false;
      log("The thread database is available again.");
    },
  };
}
