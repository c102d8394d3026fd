import { demoAgentPlugin } from "@crayonai/demo-agent/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The demo agent is served by Vite itself on /api (dev and preview): one process, no proxy.
export default defineConfig({
  plugins: [react(), demoAgentPlugin()],
});
