// The Crayon docs site. Guides and reference are the markdown pages in src/content/docs; the
// API reference is generated from the TSDoc of every public entry point (starlight-typedoc)
// into src/content/docs/api at each build; the build fails on a broken internal link or anchor.
import react from "@astrojs/react";
import starlight from "@astrojs/starlight";
import { defineConfig } from "astro/config";
import starlightLinksValidator from "starlight-links-validator";
import starlightTypeDoc, { typeDocSidebarGroup } from "starlight-typedoc";
import { publicEntryPoints } from "./scripts/entryPoints.mjs";
import { SOURCE_URL } from "./scripts/pages.mjs";
import remarkRelativeLinks from "./scripts/remark-relative-links.mjs";
import { SIDEBAR } from "./sidebar.mjs";

const entryPoints = publicEntryPoints();

export default defineConfig({
  site: process.env.DOCS_SITE_URL,
  markdown: { remarkPlugins: [remarkRelativeLinks] },
  integrations: [
    starlight({
      title: "Crayon",
      description:
        "A headless React chat SDK: one message model for six streaming protocols, hooks, a vanilla engine and a ready-made chat UI.",
      social: [{ icon: "github", label: "GitHub", href: SOURCE_URL }],
      editLink: { baseUrl: `${SOURCE_URL}/edit/main/docs/` },
      head: [{ tag: "link", attrs: { rel: "alternate", type: "text/plain", href: "/llms.txt" } }],
      lastUpdated: false,
      pagination: true,
      customCss: ["./src/styles/site.css"],
      // Long lines of code wrap (indented as they started) instead of scrolling sideways.
      expressiveCode: { defaultProps: { wrap: true, preserveIndent: true } },
      plugins: [
        starlightLinksValidator({ errorOnLocalLinks: true, errorOnFallbackPages: false }),
        starlightTypeDoc({
          entryPoints: entryPoints.map((entry) => entry.file),
          tsconfig: "./tsconfig.typedoc.json",
          output: "api",
          sidebar: { label: "API reference", collapsed: true },
          typeDoc: {
            plugin: ["./scripts/typedoc-module-names.mjs"],
            entryPointStrategy: "resolve",
            excludePrivate: true,
            // The packages' own type check runs in CI; the reference only reads the types.
            skipErrorChecking: true,
            excludeInternal: true,
            sourceLinkTemplate: `${SOURCE_URL}/blob/{gitRevision}/{path}#L{line}`,
            // Cross-package types link to their own pages, not to the built declarations.
            compilerOptions: {
              paths: Object.fromEntries(entryPoints.map((e) => [e.specifier, [e.file]])),
            },
            parametersFormat: "table",
            interfacePropertiesFormat: "table",
            typeDeclarationFormat: "table",
            useCodeBlocks: true,
            // Module pages as index.md: starlight-typedoc drops nested README.md files.
            entryFileName: "index.md",
          },
        }),
      ],
      sidebar: SIDEBAR(typeDocSidebarGroup),
    }),
    react(),
  ],
});
