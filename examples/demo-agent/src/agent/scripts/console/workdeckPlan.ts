import {
  datasetOf,
  fitOutput,
  reportOutput,
  sheetOutput,
  stationOf,
  stationOutput,
  temperaturesOutput,
} from "./workdeckOutputs";

/** One task card the Workdeck planner produced, with its scripted behaviour. */
export type WorkdeckTaskSpec = {
  id: string;
  title: string;
  /** The instruction the agent runs; the user can edit it. */
  prompt: string;
  agentType: "data_retrieval" | "spreadsheet" | "code_execution" | "report";
  /** Task ids whose outputs this task reads. */
  dependsOn: string[];
  /** Progress updates one attempt takes. */
  workTicks: number;
  /** The first attempt fails transiently after this many updates, then is retried. */
  transientFailureAtTick?: number;
  transientError?: string;
  /** The model its agent calls, and the tokens one full attempt uses (a failed one, a share). */
  model: "sonnet" | "haiku";
  tokens: { input: number; output: number };
  /**
   * The output when the task completes: it follows the card's instruction (`prompt`), and
   * `promptOf` gives the instructions of the tasks it depends on.
   */
  output: (prompt: string, promptOf: (taskId: string) => string) => string;
};

/** Attempts a task gets before it is marked failed. */
export const MAX_ATTEMPTS = 3;

/** The action `/workdeck` runs (the Workdeck design's own example prompt). */
export const WORKDECK_ACTION = {
  id: "action-weather-fit",
  title: "SF weather 2025, sine fit",
  rootPrompt:
    "Create a Google spreadsheet with weather data in San Francisco for 2025 and fit a sinusoidal function to the temperature data.",
} as const;

/** The planner's decomposition: a DAG where independent tasks run in parallel. */
export const WORKDECK_TASKS: readonly WorkdeckTaskSpec[] = [
  {
    id: "fetch",
    title: "Fetch temperatures",
    prompt:
      "Fetch 2025 daily high temperatures for San Francisco (NOAA station USW00023272) as CSV.",
    agentType: "data_retrieval",
    dependsOn: [],
    workTicks: 4,
    model: "haiku",
    tokens: { input: 1_900, output: 420 },
    output: (prompt) => temperaturesOutput(datasetOf(prompt)),
  },
  {
    id: "station",
    title: "Describe the station",
    prompt: "Look up the station's location, elevation and data gaps for the report.",
    agentType: "data_retrieval",
    dependsOn: [],
    workTicks: 3,
    model: "haiku",
    tokens: { input: 1_400, output: 300 },
    output: (prompt) => stationOutput(stationOf(prompt)),
  },
  {
    id: "sheet",
    title: "Build the spreadsheet",
    prompt: "Put the daily temperatures into a Google spreadsheet, one row per day.",
    agentType: "spreadsheet",
    dependsOn: ["fetch"],
    workTicks: 3,
    transientFailureAtTick: 1,
    transientError: "Sheets API rate limit (429)",
    model: "sonnet",
    tokens: { input: 1_200, output: 380 },
    output: (prompt, promptOf) => sheetOutput(prompt, datasetOf(promptOf("fetch"))),
  },
  {
    id: "fit",
    title: "Fit a sine curve",
    prompt:
      "Fit T(d) = A·sin(2πd/365 + φ) + C with scipy.optimize.curve_fit and plot data and fit.",
    agentType: "code_execution",
    dependsOn: ["fetch"],
    workTicks: 5,
    model: "sonnet",
    tokens: { input: 3_100, output: 900 },
    output: (prompt, promptOf) => fitOutput(prompt, datasetOf(promptOf("fetch"))),
  },
  {
    id: "report",
    title: "Write the report",
    prompt:
      "Create an editable markdown page with the plot, the fitted coefficients and the station notes.",
    agentType: "report",
    dependsOn: ["sheet", "fit", "station"],
    workTicks: 3,
    model: "sonnet",
    tokens: { input: 2_600, output: 1_100 },
    output: (prompt, promptOf) =>
      reportOutput(prompt, datasetOf(promptOf("fetch")), stationOf(promptOf("station"))),
  },
];
