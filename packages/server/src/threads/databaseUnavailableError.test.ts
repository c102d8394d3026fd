import { describe, expect, it } from "vitest";
import {
  classifyDatabaseError,
  DatabaseUnavailableError,
  isConnectionFailure,
} from "./databaseUnavailableError";

/** An error as `pg` and PGlite report a server's error: an SQLSTATE and a severity. */
const serverError = (code: string) =>
  Object.assign(new Error(`server said ${code}`), { code, severity: "ERROR" });

describe("isConnectionFailure", () => {
  it("is true for a refused, dropped or shut-down connection", () => {
    expect(isConnectionFailure(Object.assign(new Error("connect"), { code: "ECONNREFUSED" }))).toBe(
      true,
    );
    expect(
      isConnectionFailure(
        new AggregateError([Object.assign(new Error("x"), { code: "ECONNREFUSED" })]),
      ),
    ).toBe(true);
    expect(isConnectionFailure(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isConnectionFailure(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isConnectionFailure(new Error("PGlite is closed"))).toBe(true);
    expect(isConnectionFailure(serverError("57P01"))).toBe(true); // admin shutdown
    expect(isConnectionFailure(serverError("08006"))).toBe(true); // connection failure
    expect(isConnectionFailure(serverError("53300"))).toBe(true); // too many connections
  });

  it("is false for a statement that failed, and for bugs", () => {
    expect(isConnectionFailure(serverError("23505"))).toBe(false); // unique violation
    expect(isConnectionFailure(serverError("42P01"))).toBe(false); // undefined table
    expect(isConnectionFailure(new TypeError("x is not a function"))).toBe(false);
    expect(isConnectionFailure("ECONNREFUSED")).toBe(false);
  });
});

describe("classifyDatabaseError", () => {
  it("wraps a connection failure, keeping its cause, and leaves anything else alone", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    const wrapped = classifyDatabaseError(refused);
    expect(wrapped).toBeInstanceOf(DatabaseUnavailableError);
    expect((wrapped as DatabaseUnavailableError).cause).toBe(refused);
    expect((wrapped as DatabaseUnavailableError).code).toBe("database_unavailable");
    const violation = serverError("23505");
    expect(classifyDatabaseError(violation)).toBe(violation);
  });
});
