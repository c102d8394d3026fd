// `pnpm start`: builds the packages the chat example needs (the SDK and the demo agent), then
// starts the example's dev server, which serves the app and the demo agent on one port.
// Options after `start` go to Vite (`pnpm start --port 3000`, `--host`); so does a PORT variable.
import { execFileSync, execSync } from "node:child_process";

const run = (command) => execSync(command, { stdio: "inherit" });
run('pnpm --filter "@crayonai/example-chat^..." run build');
const viteArgs = process.argv.slice(2).filter((arg) => arg !== "--");
if (process.env.PORT && !viteArgs.includes("--port")) viteArgs.push("--port", process.env.PORT);
execFileSync("pnpm", ["--filter", "@crayonai/example-chat", "dev", ...viteArgs], {
  stdio: "inherit",
});
