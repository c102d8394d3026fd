import { demoAgentPlugin } from "@crayonai/demo-agent/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The demo agent's API is mounted on /api in the same dev (and preview) server: one process,
// no proxy.
export default defineConfig({
  plugins: [react(), demoAgentPlugin()],
  server: { port: 5173, strictPort: false },
  preview: { port: 5173, strictPort: false },
});
