// Run by the packaging test from inside the consumer project: for each `old=new` pair of
// specifiers on the command line, loads both (with require() and with import()) and prints, as
// JSON, the names `old` hands back and those of them that are not the very value `new` hands
// back under that name (or the error either threw).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

async function compare(oldSpecifier, newSpecifier) {
  const result = {};
  for (const [way, load] of [
    ["require", async (specifier) => require(specifier)],
    ["import", (specifier) => import(specifier)],
  ]) {
    try {
      const [old, moved] = [await load(oldSpecifier), await load(newSpecifier)];
      const names = Object.keys(old).filter((name) => old[name] !== undefined);
      result[way] = { names, different: names.filter((name) => old[name] !== moved[name]) };
    } catch (error) {
      result[way] = {
        error: String(error?.stack ?? error)
          .split("\n")
          .slice(0, 4)
          .join("\n"),
      };
    }
  }
  return result;
}

const results = {};
for (const pair of process.argv.slice(2)) {
  const [oldSpecifier, newSpecifier] = pair.split("=");
  results[pair] = await compare(oldSpecifier, newSpecifier);
}
console.log(JSON.stringify(results));
