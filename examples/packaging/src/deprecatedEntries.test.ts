import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { nodeBinary } from "./nodeBinary";
import { run } from "./run";

type Compared = { names?: string[]; different?: string[]; error?: string };

/** `@crayonai/stream`'s deprecated subpaths, re-exports of their new homes until 0.9. */
const MOVED = [
  {
    old: "@crayonai/stream/server",
    moved: "@crayonai/server/sse",
    names: ["crayonSSEResponse", "crayonSSEStream", "encodeCrayonEvent"],
  },
  {
    old: "@crayonai/stream/server/resumable",
    moved: "@crayonai/server/resumable",
    names: ["createResumableReplies", "inProcessReplyStore", "redisReplyStore"],
  },
];

const consumerDir = inject("consumerDir");
const probe = join(consumerDir, "compare-entries.mjs");

// Installed from the packed packages, as a user has them: the old subpath must hand back the
// very functions of the new one (one module instance, not a copy), required and imported.
describe.each([20, 22])("Node %i", (major) => {
  let compared: Record<string, Record<"require" | "import", Compared>>;

  beforeAll(async () => {
    copyFileSync(join(import.meta.dirname, "compareEntries.mjs"), probe);
    const node = await nodeBinary(major, consumerDir);
    const pairs = MOVED.map(({ old, moved }) => `${old}=${moved}`);
    compared = JSON.parse(await run(node, [probe, ...pairs], consumerDir));
  });

  for (const { old, moved, names } of MOVED) {
    for (const way of ["require", "import"] as const) {
      it(`${old} gives ${moved}'s functions (${way})`, () => {
        const result = compared[`${old}=${moved}`]![way];
        expect(result.error).toBeUndefined();
        expect(result.names!.sort()).toEqual(names);
        expect(result.different).toEqual([]);
      });
    }
  }
});
