/**
 * The last word of every reply. The pages watch for it in the DOM to know the reply is rendered
 * to its end; it appears nowhere else in the text.
 */
export const END_MARKER = "ZQXJEND";

// The final paragraph is plain text (no inline markup) so it renders as one leaf element.
const ending = `\n\nThat is the whole answer. ${END_MARKER}`;

// One section of an assistant's answer: mostly prose, with a list and a code fence in each, a
// quote in every third and a table in every fourth, as a long technical answer reads. Varied by
// section number so no two sections are equal (no renderer can reuse one block for the next).
function section(i: number): string {
  const table = ["orders", "invoices", "customers", "shipments"][i % 4];
  const blocks = [
    `## Step ${i + 1}: move the ${table} table`,
    `This step moves the **${table}** table to the new schema. Run it inside a transaction, check the row count with \`SELECT count(*)\` before and after, and read the [release notes](https://example.com/notes/${i}) first: the column \`created_at\` changes from text to a timestamp, so anything that parses it needs a look. The step takes about ${(i % 17) + 2} minutes on a table of this size and holds a lock for the last few seconds only.`,
    `While it runs, reads keep working. Writes wait for the lock at the end, so schedule the step for a quiet hour if the ${table} table takes many writes. If anything goes wrong, the transaction rolls back and the old table stays as it was; nothing else needs undoing.`,
    [
      `1. Back up the table (about ${(i * 37) % 900} MB at the moment).`,
      "2. Stop the writers, or put them in read-only mode.",
      `3. Apply \`migrate_${i}.sql\` and compare the counts.`,
      "   - If they differ, roll back and keep the logs.",
      "4. Start the writers again.",
    ].join("\n"),
    i % 2 === 0
      ? [
          "```ts",
          `export async function migrate${i}(db: Database): Promise<number> {`,
          `  const rows = await db.query("SELECT id, created_at FROM ${table}");`,
          "  let moved = 0;",
          "  for (const row of rows) {",
          `    await db.insert("${table}_v2", { ...row, createdAt: new Date(row.created_at) });`,
          "    moved += 1;",
          "  }",
          "  return moved;",
          "}",
          "```",
        ].join("\n")
      : [
          "```python",
          `def check_${i}(cursor):`,
          `    cursor.execute("SELECT count(*) FROM ${table}_v2")`,
          "    (count,) = cursor.fetchone()",
          `    assert count >= ${i * 11}, f"only {count} rows moved"`,
          "```",
        ].join("\n"),
  ];
  if (i % 3 === 2) {
    blocks.push(`> Step ${i + 1} is safe to repeat: it skips the rows it has already moved.`);
  }
  if (i % 4 === 1) {
    blocks.push(
      [
        "| Table | Rows | Time |",
        "| --- | ---: | ---: |",
        `| ${table} | ${(i * 7919) % 100000} | ${(i % 17) + 2} min |`,
        `| ${table}_audit | ${(i * 104729) % 100000} | ${(i % 5) + 1} min |`,
        `| ${table}_archive | ${(i * 1299709) % 100000} | ${(i % 7) + 1} min |`,
      ].join("\n"),
    );
  }
  return blocks.join("\n\n");
}

/**
 * A realistic markdown reply of `length` characters (within two; at least the ending): headings,
 * paragraphs with inline markup and links, nested lists, code fences, tables and quotes. Whole
 * sections are used (a cut one could leave a code fence open and swallow the ending); the
 * remainder is a plain paragraph, then the ending paragraph with {@link END_MARKER}.
 */
export function replyMarkdown(length: number): string {
  const body = Math.max(0, length - ending.length);
  const sections: string[] = [];
  let used = 0;
  for (let i = 0; ; i++) {
    const next = (i === 0 ? "" : "\n\n") + section(i);
    if (used + next.length > body) break;
    sections.push(next);
    used += next.length;
  }
  const separator = used === 0 ? "" : "\n\n";
  const rest = body - used - separator.length;
  if (rest > 0) {
    // A filler paragraph of words, ending in a full stop rather than a space.
    const words = "All of the steps above can run again later without harm. ";
    const filler = words.repeat(Math.ceil(rest / words.length)).slice(0, rest);
    sections.push(`${separator}${filler.slice(0, -1)}.`);
  }
  return sections.join("") + ending;
}
