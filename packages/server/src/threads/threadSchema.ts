import type { SqlDatabase } from "./sqlDatabase";

/** The table of threads (one row per conversation, owned by one user). */
export const THREADS_TABLE = "crayon_threads";
/** The table of messages (every branch of every thread). */
export const MESSAGES_TABLE = "crayon_messages";
/** Which schema versions are applied. */
const MIGRATIONS_TABLE = "crayon_schema_migrations";

// Instances starting at once take turns: an advisory lock held for the migration's
// transaction (any constant both agree on; this one spells "crayon").
const MIGRATION_LOCK = 0x637261796f6e;

/**
 * The schema, one entry per version, in order; an applied version is never edited, a change
 * is a new entry. Timestamps are cut to milliseconds so a cursor (in milliseconds) names a
 * row exactly. `position` orders messages as first saved (siblings keep their order);
 * `parent_id` makes them a tree.
 */
export const MIGRATIONS: readonly string[][] = [
  [
    `CREATE TABLE ${THREADS_TABLE} (
      id text PRIMARY KEY,
      owner text NOT NULL,
      title text NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      preview text,
      active_leaf_id text,
      metadata jsonb NOT NULL DEFAULT '{}'
    )`,
    // One user's threads, most recently active first: the list and its cursor.
    `CREATE INDEX ${THREADS_TABLE}_owner_recent ON ${THREADS_TABLE} (owner, updated_at DESC, id DESC)`,
    `CREATE TABLE ${MESSAGES_TABLE} (
      thread_id text NOT NULL REFERENCES ${THREADS_TABLE} (id) ON DELETE CASCADE,
      id text NOT NULL,
      parent_id text,
      position bigint GENERATED ALWAYS AS IDENTITY,
      json text NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (thread_id, id)
    )`,
    `CREATE INDEX ${MESSAGES_TABLE}_thread_order ON ${MESSAGES_TABLE} (thread_id, position)`,
  ],
];

/**
 * Brings the schema up to date: applies, in one transaction, every migration not applied yet.
 * Safe to run from many instances at once and on every start.
 */
export async function migrate(db: SqlDatabase): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (
        version integer PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`,
    );
    const [row] = await tx.query<{ version: number | null }>(
      `SELECT max(version) AS version FROM ${MIGRATIONS_TABLE}`,
    );
    for (let version = (row?.version ?? 0) + 1; version <= MIGRATIONS.length; version++) {
      for (const statement of MIGRATIONS[version - 1]!) await tx.query(statement);
      await tx.query(`INSERT INTO ${MIGRATIONS_TABLE} (version) VALUES ($1)`, [version]);
    }
  });
}
