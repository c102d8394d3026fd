// A TypeDoc plugin: each documented module is named by the import specifier that serves it
// (`@crayonai/stream/adapters/ag-ui`), not by its source path (`stream/src/adapters/ag-ui`), and
// links to a module's page (its `index.md`) point at the page's own address, its folder; the
// "Defined in" source links are left out of the search index.
import { Converter, PageEvent, ReflectionKind } from "typedoc";
import { publicEntryPoints } from "./entryPoints.mjs";

/** @param {import("typedoc").Application} app */
export function load(app) {
  const specifiers = new Map(publicEntryPoints().map((entry) => [entry.file, entry.specifier]));
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    if (!reflection.kindOf(ReflectionKind.Module)) return;
    const file = context.getSymbolFromReflection(reflection)?.declarations?.[0]?.getSourceFile();
    const specifier = file && specifiers.get(file.fileName);
    if (specifier) reflection.name = specifier;
  });
  app.renderer.on(PageEvent.END, (page) => {
    page.contents = page.contents
      ?.replace(/\/index\/(#[^)\s]*)?\)/g, "/$1)")
      // The source link stays on the page but out of the search index and its excerpts.
      .replace(
        /^Defined in: \[([^\]]+)\]\(([^)\s]+)\)$/gm,
        '<p data-pagefind-ignore>Defined in: <a href="$2">$1</a></p>',
      );
  });
}
