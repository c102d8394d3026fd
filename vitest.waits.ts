// Shared by every package's unit tests (each vitest config lists it in `setupFiles`):
// `vi.waitFor` gives up after 10 s, not its default of 1 s (react-ui's setup does the same for
// Testing Library). One second was not enough on a two-core machine running other work (a
// stability run at load 10 failed three tests that way); a test whose condition never comes
// true still fails, just later.
import { vi } from "vitest";

const WAIT_MS = 10_000;

const waitFor = vi.waitFor;
vi.waitFor = ((callback, options) =>
  waitFor(
    callback,
    typeof options === "number" ? options : { timeout: WAIT_MS, ...options },
  )) as typeof vi.waitFor;
