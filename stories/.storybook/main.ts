import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { StorybookConfig } from "@storybook/react-vite";

const STYLES = "@crayonai/react-ui/styles.css";

/**
 * Whether the component package exports its stylesheet yet. Until it does, the preview's
 * import of it resolves to an empty file so the build still works.
 */
function stylesExported(): boolean {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve("@crayonai/react-ui/package.json");
  const exports = JSON.parse(readFileSync(manifest, "utf8")).exports ?? {};
  return "./styles.css" in exports;
}

/** Storybook for `@crayonai/react-ui`. Works offline: no telemetry, no update checks. */
const config: StorybookConfig = {
  stories: ["../src/**/*.stories.tsx"],
  framework: { name: "@storybook/react-vite", options: {} },
  staticDirs: ["../public"],
  core: {
    disableTelemetry: true,
    disableWhatsNewNotifications: true,
    enableCrashReports: false,
  },
  // The highlight addon re-scans every element's computed style on each DOM mutation in the
  // story: with a 2,000-message thread that alone took most of each frame while a reply
  // streamed. The stories don't use it.
  features: { highlight: false },
  typescript: { reactDocgen: false },
  viteFinal: async (viteConfig) => {
    const { mergeConfig } = await import("vite");
    const onwarn = viteConfig.build?.rolldownOptions?.onwarn;
    return mergeConfig(viteConfig, {
      resolve: {
        alias: stylesExported()
          ? []
          : [
              {
                find: STYLES,
                replacement: fileURLToPath(new URL("./missing-styles.css", import.meta.url)),
              },
            ],
      },
      build: {
        // Storybook's own runtime is one large chunk; a static story site does not mind.
        chunkSizeWarningLimit: 4000,
        rolldownOptions: {
          onwarn(warning: { code?: string }, warn: (warning: unknown) => void) {
            // The packages' "use client" banner is for Next.js; a client-only bundle drops it.
            if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
            if (onwarn) (onwarn as (w: unknown, d: unknown) => void)(warning, warn);
            else warn(warning);
          },
        },
      },
    });
  },
};

export default config;
