// `@crayonai/stream/server` and `@crayonai/stream/server/resumable` moved to `@crayonai/server`
// (`/sse`, `/resumable`). For one minor version they stay, as the hand-written re-exports in
// `deprecated/` that the exports map points at: they must hand back the very functions of the
// new homes, under every name 0.7 exported, each declaration marked `@deprecated` with the new
// import. The only importer of the old paths in the repository.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import * as movedResumable from "@crayonai/server/resumable";
import * as movedSSE from "@crayonai/server/sse";
import ts from "typescript";
import { describe, expect, expectTypeOf, it } from "vitest";
import * as oldResumable from "../deprecated/server/resumable.js";
import * as oldSSE from "../deprecated/server.js";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);

/** What 0.7 exported from each subpath: values, then types. */
const SUBPATHS = [
  {
    subpath: "server",
    files: "deprecated/server",
    movedTo: "@crayonai/server/sse",
    old: oldSSE as Record<string, unknown>,
    moved: movedSSE as Record<string, unknown>,
    values: ["crayonSSEResponse", "crayonSSEStream", "encodeCrayonEvent"],
    types: ["CrayonSSEResponseInit", "CrayonSSEStreamOptions"],
  },
  {
    subpath: "server/resumable",
    files: "deprecated/server/resumable",
    movedTo: "@crayonai/server/resumable",
    old: oldResumable as Record<string, unknown>,
    moved: movedResumable as Record<string, unknown>,
    values: ["createResumableReplies", "inProcessReplyStore", "redisReplyStore"],
    types: [
      "Publisher",
      "RedisReplyStoreOptions",
      "ReplyStore",
      "ResumableReplies",
      "ResumableRepliesOptions",
      "ResumeErrorCode",
      "StartReplyOptions",
      "Subscriber",
    ],
  },
] as const;

const read = (file: string) => readFileSync(`${packageDir}/${file}`, "utf8");

/** Each exported declaration of a declaration file, with the text of its `@deprecated` tag. */
function deprecations(file: string): Map<string, string | undefined> {
  const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true);
  const found = new Map<string, string | undefined>();
  for (const statement of source.statements) {
    const exported = ts
      .getModifiers(statement as ts.HasModifiers)
      ?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    const names = ts.isVariableStatement(statement)
      ? statement.declarationList.declarations.map((declaration) => declaration.name.getText())
      : [(statement as ts.TypeAliasDeclaration).name.getText()];
    const tag = ts
      .getJSDocTags(
        ts.isVariableStatement(statement) ? statement.declarationList.declarations[0]! : statement,
      )
      .find((candidate) => candidate.tagName.text === "deprecated");
    for (const name of names) found.set(name, tag ? ts.getTextOfJSDocComment(tag.comment) : "");
  }
  return found;
}

describe.each(SUBPATHS)("@crayonai/stream/$subpath (deprecated)", (entry) => {
  it("is what the exports map points at", () => {
    const manifest = JSON.parse(read("package.json"));
    expect(manifest.exports[`./${entry.subpath}`]).toEqual({
      import: { types: `./${entry.files}.d.ts`, default: `./${entry.files}.js` },
      require: { types: `./${entry.files}.d.cts`, default: `./${entry.files}.cjs` },
    });
    expect(manifest.files).toContain("deprecated");
  });

  it("gives the new home's very functions, imported and required", () => {
    const { old, moved } = entry;
    expect(Object.keys(old).sort()).toEqual([...entry.values]);
    for (const name of entry.values) {
      expect(typeof old[name], name).toBe("function");
      expect(old[name], name).toBe(moved[name]);
    }
    const required = require(`../${entry.files}.cjs`);
    const movedRequired = require(entry.movedTo);
    expect(Object.keys(required).sort()).toEqual([...entry.values]);
    for (const name of entry.values) {
      expect(typeof required[name], name).toBe("function");
      expect(required[name], name).toBe(movedRequired[name]);
    }
  });

  it("declares every name 0.7 exported, each @deprecated with its new import", () => {
    const declared = deprecations(`${entry.files}.d.ts`);
    expect([...declared.keys()].sort()).toEqual([...entry.values, ...entry.types].sort());
    for (const [name, deprecated] of declared) {
      expect(deprecated, name).toContain(
        `import ${entry.types.includes(name as never) ? "type " : ""}{ ${name} } from "${entry.movedTo}"`,
      );
    }
    // The CommonJS declarations are the same text (resolved with the `require` condition).
    expect(read(`${entry.files}.d.cts`)).toBe(read(`${entry.files}.d.ts`));
  });
});

/**
 * `true` when `A` and `B` are the same type. An import a declaration file cannot resolve is
 * `any` (declaration files are not checked: `skipLibCheck`), which equals nothing here.
 */
type Same<A, B> = 0 extends 1 & A
  ? false
  : 0 extends 1 & B
    ? false
    : (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2
      ? true
      : false;

describe("the deprecated declarations are the new homes' types", () => {
  it("@crayonai/stream/server", () => {
    expectTypeOf<
      [
        Same<typeof oldSSE.crayonSSEResponse, typeof movedSSE.crayonSSEResponse>,
        Same<typeof oldSSE.crayonSSEStream, typeof movedSSE.crayonSSEStream>,
        Same<typeof oldSSE.encodeCrayonEvent, typeof movedSSE.encodeCrayonEvent>,
        Same<oldSSE.CrayonSSEResponseInit, movedSSE.CrayonSSEResponseInit>,
        Same<oldSSE.CrayonSSEStreamOptions, movedSSE.CrayonSSEStreamOptions>,
      ]
    >().toEqualTypeOf<[true, true, true, true, true]>();
    expect(oldSSE.encodeCrayonEvent({ type: "text-delta", text: "Hi" })).toBe(
      "event: text\ndata: Hi\n\n",
    );
  });

  it("@crayonai/stream/server/resumable", () => {
    type Old = typeof oldResumable;
    type Moved = typeof movedResumable;
    expectTypeOf<
      [
        Same<Old["createResumableReplies"], Moved["createResumableReplies"]>,
        Same<Old["inProcessReplyStore"], Moved["inProcessReplyStore"]>,
        Same<Old["redisReplyStore"], Moved["redisReplyStore"]>,
        Same<oldResumable.Publisher, movedResumable.Publisher>,
        Same<oldResumable.RedisReplyStoreOptions, movedResumable.RedisReplyStoreOptions>,
        Same<oldResumable.ReplyStore, movedResumable.ReplyStore>,
        Same<oldResumable.ResumableReplies, movedResumable.ResumableReplies>,
        Same<oldResumable.ResumableRepliesOptions, movedResumable.ResumableRepliesOptions>,
        Same<oldResumable.ResumeErrorCode, movedResumable.ResumeErrorCode>,
        Same<oldResumable.StartReplyOptions, movedResumable.StartReplyOptions>,
        Same<oldResumable.Subscriber, movedResumable.Subscriber>,
      ]
    >().toEqualTypeOf<[true, true, true, true, true, true, true, true, true, true, true]>();
  });
});
