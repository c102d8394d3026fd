import type { Script } from "../../script";
import { crevnclawScript } from "./crevnclaw";
import { cyrusScript } from "./cyrus";
import { workdeckScript } from "./workdeck";
import { workflowScript } from "./workflowEngine";

/** The agent-console scripts: workflow engine, Workdeck, CrevnClaw and Cyrus. */
export const consoleScripts: Script[] = [
  workflowScript,
  workdeckScript,
  crevnclawScript,
  cyrusScript,
];
