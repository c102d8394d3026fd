/** The database's clock, in milliseconds (SQL), so every instance agrees and a cursor is exact. */
export const NOW = "date_trunc('milliseconds', clock_timestamp())";
