import { demoAgentPlugin } from "@crayonai/demo-agent/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The demo agent's API is mounted on /api in the same dev (and preview) server.
export default defineConfig({
  plugins: [react(), demoAgentPlugin()],
  server: { port: 5174, strictPort: false },
  preview: { port: 5174, strictPort: false },
});
