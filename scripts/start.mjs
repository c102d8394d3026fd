// `pnpm start`: builds the packages the chat example needs (the SDK and the demo agent), then
// starts the example's dev server, which serves the app and the demo agent on one port.
import { execSync } from "node:child_process";

const run = (command) => execSync(command, { stdio: "inherit" });
run('pnpm --filter "@crayonai/example-chat^..." run build');
run('pnpm --filter "@crayonai/example-chat" dev');
