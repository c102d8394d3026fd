/** One row of a query's result, by column name. */
export type SqlRow = Record<string, unknown>;

/**
 * Runs one SQL statement with `$1`-style parameters. Values come back as the driver types
 * them (a `timestamptz` as a `Date`, `text` as a string, `boolean` as a boolean).
 */
export interface SqlExecutor {
  /** The statement's rows (empty for statements that return none). */
  query<T extends SqlRow = SqlRow>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

/**
 * The little of a Postgres database the thread store needs: statements, transactions and
 * closing. {@link pgliteDatabase} and {@link postgresDatabase} implement it over the same SQL;
 * any other Postgres client can, too.
 *
 * An implementation reports a database it cannot reach (refused, dropped, shut down) as a
 * {@link DatabaseUnavailableError}, and any other failure as it is.
 */
export interface SqlDatabase extends SqlExecutor {
  /**
   * Runs `work` in one transaction on one connection: committed when it resolves, rolled back
   * when it throws (or the connection drops), so nothing is ever half-written.
   */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Closes the connections. */
  close(): Promise<void>;
}
