// `pnpm start`: builds the packages the main example needs, then starts it.
import { execSync } from "node:child_process";

const run = (command) => execSync(command, { stdio: "inherit" });
run('pnpm --filter "@crayonai/stream" run build');
run('pnpm --filter "@crayonai/example-stream-demo" start');
