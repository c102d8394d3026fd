// What the Workdeck planner produces: plans of task cards, each task with its scripted agent.

/** The tool-specialised agent a task runs on. */
export type AgentType = "data_retrieval" | "spreadsheet" | "code_execution" | "report";

/** A failure no retry fixes while the task's instruction leads to it; the user fixes it by editing. */
export type PersistentFailure = {
  /** Every attempt fails after this many progress updates. */
  atTick: number;
  /** Why an attempt with this instruction fails, or undefined when it works. */
  reason: (prompt: string) => string | undefined;
  /** What to change in the instruction, told once the retries are spent. */
  fix: string;
};

/** One task card the Workdeck planner produced, with its scripted behaviour. */
export type WorkdeckTaskSpec = {
  id: string;
  title: string;
  /** The instruction the agent runs; the user can edit it. */
  prompt: string;
  agentType: AgentType;
  /** Task ids whose outputs this task reads. */
  dependsOn: string[];
  /** Progress updates one attempt takes. */
  workTicks: number;
  /**
   * What its agent does, one log line per progress update before the last (the tool calls it
   * makes), read from the card's instruction.
   */
  steps: (prompt: string, promptOf: (taskId: string) => string) => readonly string[];
  /** The first attempt fails transiently after this many updates, then is retried. */
  transientFailureAtTick?: number;
  transientError?: string;
  /** Every attempt fails while the instruction leads here (after its retries, for good). */
  persistentFailure?: PersistentFailure;
  /** The model its agent calls, and the tokens one full attempt uses (a failed one, a share). */
  model: "sonnet" | "haiku";
  tokens: { input: number; output: number };
  /**
   * The output when the task completes: it follows the card's instruction (`prompt`), and
   * `promptOf` gives the instructions of the tasks it depends on.
   */
  output: (prompt: string, promptOf: (taskId: string) => string) => string;
};

/** A plan the scripted planner knows: the prompts it answers, and the DAG of tasks it makes. */
export type WorkdeckPlan = {
  id: string;
  /** The action's title. */
  title: string;
  /** A prompt it answers, shown to a user whose prompt matched no plan. */
  examplePrompt: string;
  /** What prompts it answers, in words ("weather, temperatures or a sine fit"). */
  topics: string;
  /** Words that pick it: the plan whose patterns match most of a prompt is chosen. */
  keywords: readonly RegExp[];
  tasks: readonly WorkdeckTaskSpec[];
};

/** Attempts a task gets before it is marked failed. */
export const MAX_ATTEMPTS = 3;
