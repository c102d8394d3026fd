// Run by the packaging test with each Node version, from inside the consumer project: loads
// each entry given on the command line the way a user's code would and prints, as JSON, the
// names each one hands back (or the error it threw).
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const [way, ...specifiers] = process.argv.slice(2);

/** Names whose value is defined, as a user's `import { name }` would see them. */
const definedNames = (module) => Object.keys(module).filter((name) => module[name] !== undefined);

async function load(specifier) {
  if (way === "require") return { names: definedNames(require(specifier)) };
  if (way === "import") return { names: definedNames(await import(specifier)) };
  // A file that is not a module (styles, the manifest): where each resolver finds it.
  return { paths: [require.resolve(specifier), fileURLToPath(import.meta.resolve(specifier))] };
}

const results = {};
for (const specifier of specifiers) {
  try {
    results[specifier] = await load(specifier);
  } catch (error) {
    results[specifier] = {
      error: String(error?.stack ?? error)
        .split("\n")
        .slice(0, 4)
        .join("\n"),
    };
  }
}
console.log(JSON.stringify(results));
