import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const src = join(import.meta.dirname, "..");

/** The components' sources: every `.tsx` but tests, test helpers and the inspector (a dev tool). */
function componentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return ["testing", "inspector"].includes(entry.name) ? [] : componentFiles(path);
    }
    return path.endsWith(".tsx") && !path.endsWith(".test.tsx") ? [path] : [];
  });
}

/** The attributes whose text a user reads or hears. */
const TEXT_ATTRIBUTES = new Set([
  "aria-label",
  "aria-description",
  "aria-roledescription",
  "aria-valuetext",
  "title",
  "placeholder",
  "alt",
  "label",
]);

const hasWords = (text: string) => /\p{L}/u.test(text);

/**
 * The string literals an expression can evaluate to directly: the literal itself, the branches
 * of `a ? b : c`, `a ?? b`, `a || b`, `a && b`, `a + b` and the fixed parts of a template (not
 * the operands of a comparison, whose value is a boolean).
 */
function literalsOf(node: ts.Node): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
  }
  if (ts.isParenthesizedExpression(node)) return literalsOf(node.expression);
  if (ts.isConditionalExpression(node)) {
    return [...literalsOf(node.whenTrue), ...literalsOf(node.whenFalse)];
  }
  if (ts.isBinaryExpression(node)) {
    const operator = node.operatorToken.kind;
    if (operator === ts.SyntaxKind.AmpersandAmpersandToken) return literalsOf(node.right);
    const valued = [
      ts.SyntaxKind.BarBarToken,
      ts.SyntaxKind.QuestionQuestionToken,
      ts.SyntaxKind.PlusToken,
    ].includes(operator);
    return valued ? [...literalsOf(node.left), ...literalsOf(node.right)] : [];
  }
  return [];
}

/** Where a component's `code` shows text that is not from the catalogue: `file:line text`. */
function literalTexts(file: string, code: string): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${relative(src, file)}:${line + 1} ${text.trim()}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) report(node, node.text);
    // A child expression: `{copied ? "Copied" : "Copy"}`.
    if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      for (const text of literalsOf(node.expression)) if (hasWords(text)) report(node, text);
    }
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(source))) {
      const value = node.initializer;
      const texts = !value
        ? []
        : ts.isJsxExpression(value)
          ? value.expression
            ? literalsOf(value.expression)
            : []
          : literalsOf(value);
      for (const text of texts) if (hasWords(text)) report(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the message catalogue", () => {
  it("holds every text the components show or give to assistive technology", () => {
    const files = componentFiles(src);
    expect(files.length).toBeGreaterThan(30);
    expect(files.flatMap((file) => literalTexts(file, readFileSync(file, "utf8")))).toEqual([]);
  });

  it("would find a literal in text, in a label, in a branch and in a template", () => {
    const sample = [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample is source code
      'const A = () => <p title={open ? "Close" : label}>Hello <b aria-label={`Copy ${name}`} />',
      '  {x ?? "Done"}{count}{" · "}{kind === "image" && open}<i alt="" /></p>;',
    ].join("\n");
    expect(literalTexts(join(src, "Sample.tsx"), sample)).toEqual([
      "Sample.tsx:1 Close",
      "Sample.tsx:1 Hello",
      "Sample.tsx:1 Copy",
      "Sample.tsx:2 Done",
    ]);
  });
});
