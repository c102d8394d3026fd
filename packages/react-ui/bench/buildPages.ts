import { join } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { build } from "vite";

const pagesDir = fileURLToPath(new URL("./pages/", import.meta.url));

/** Where the built pages go (gitignored). */
export const buildDir = fileURLToPath(new URL("./.build/", import.meta.url));

/**
 * Builds both pages for production with Vite. CrayonChat comes from a built
 * `@crayonai/react-ui` (as users get it from npm): `distDir` holds its `index.js` and
 * `styles.css`.
 */
export async function buildPages(
  distDir: string,
  { minify }: { minify: boolean } = { minify: true },
): Promise<void> {
  await build({
    configFile: false,
    root: pagesDir,
    base: "/",
    publicDir: false,
    logLevel: "warn",
    mode: "production",
    plugins: [react()],
    resolve: {
      alias: [
        { find: /^@crayonai\/react-ui$/, replacement: join(distDir, "index.js") },
        { find: /^@crayonai\/react-ui\/styles\.css$/, replacement: join(distDir, "styles.css") },
      ],
    },
    build: {
      outDir: buildDir,
      emptyOutDir: true,
      reportCompressedSize: false,
      minify,
      chunkSizeWarningLimit: 4096,
      rollupOptions: {
        input: { crayon: `${pagesDir}crayon.html`, peer: `${pagesDir}peer.html` },
      },
    },
  });
}
