import { join } from "node:path";
import ts from "typescript";

/**
 * The names a declaration file promises as values (functions, classes, constants), leaving
 * out types: what `require()` or `import()` of the entry must hand back.
 */
export function declaredValueExports(packageDir: string, declarations: string[]) {
  const files = declarations.map((file) => join(packageDir, file));
  const program = ts.createProgram(files, {
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: [],
  });
  const checker = program.getTypeChecker();
  return new Map(
    declarations.map((declaration, index) => {
      const source = program.getSourceFile(files[index]!);
      if (!source) throw new Error(`${files[index]} is missing from the packed package`);
      const module = checker.getSymbolAtLocation(source);
      if (!module) throw new Error(`${declaration} declares no module`);
      const names = checker
        .getExportsOfModule(module)
        .filter((symbol) => {
          const target =
            symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
          return (target.flags & ts.SymbolFlags.Value) !== 0;
        })
        .map((symbol) => symbol.name)
        .sort();
      return [declaration, names] as const;
    }),
  );
}
