import {
  datasetOf,
  fitOutput,
  reportOutput,
  sheetOutput,
  stationOf,
  stationOutput,
  temperaturesOutput,
} from "./workdeckOutputs";
import type { WorkdeckPlan } from "./workdeckPlan";

/** NOAA's element codes, by measure. */
const ELEMENTS = { high: "TMAX", low: "TMIN", mean: "TAVG" } as const;

/** The fit an instruction asks for, as the code agent names its model. */
function fitModel(prompt: string): string {
  if (/\blinear\b/i.test(prompt)) return "a·d + b";
  if (/\btwo harmonics\b|\bsemi-annual\b/i.test(prompt)) return "two harmonics, 5 parameters";
  return "A·sin(2πd/365 + φ) + C";
}

/** The Workdeck design's own example: SF weather into a spreadsheet and a sine fit. */
export const WEATHER_PLAN: WorkdeckPlan = {
  id: "weather-fit",
  title: "SF weather 2025, sine fit",
  examplePrompt:
    "Create a Google spreadsheet with weather data in San Francisco for 2025 and fit a sinusoidal function to the temperature data.",
  topics: "weather, temperatures or a sine fit",
  keywords: [/\bweather\b/i, /\btemperatures?\b/i, /\bsin(e|usoidal)\b/i, /\bclimate\b/i],
  tasks: [
    {
      id: "fetch",
      title: "Fetch temperatures",
      prompt:
        "Fetch 2025 daily high temperatures for San Francisco (NOAA station USW00023272) as CSV.",
      agentType: "data_retrieval",
      dependsOn: [],
      workTicks: 4,
      steps: (prompt) => {
        const data = datasetOf(prompt);
        return [
          'Tool call noaa.search_stations(city: "San Francisco") → USW00023272',
          `Tool call noaa.daily(station: USW00023272, year: ${data.year}, element: ${ELEMENTS[data.measure]}) → ${data.days} rows`,
          `Converted to °C and wrote temps-${data.year}-${data.measure}s.csv`,
        ];
      },
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
      steps: (prompt) => [
        `Tool call noaa.station(id: USW00023272) → ${stationOf(prompt).place}`,
        `Scanned the record for gaps: ${stationOf(prompt).missingDays} missing`,
      ],
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
      steps: (_prompt, promptOf) => {
        const data = datasetOf(promptOf("fetch"));
        return [
          `Tool call sheets.create(title: "SF ${data.year} ${data.measure}s")`,
          `Tool call sheets.append_rows(rows: ${data.days}) from the fetched CSV`,
        ];
      },
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
      steps: (prompt, promptOf) => [
        `Tool call python.run(): loaded ${datasetOf(promptOf("fetch")).days} rows with pandas`,
        `Tool call python.run(): curve_fit of ${fitModel(prompt)}`,
        "Fit converged; computed R² on all days",
        "Tool call python.run(): plotted data and fit with matplotlib",
      ],
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
      steps: (prompt) => [
        "Read the outputs of Build the spreadsheet, Fit a sine curve and Describe the station",
        `Tool call docs.write(${/\bpdf\b/i.test(prompt) ? "report.pdf" : "report.md"})`,
      ],
      model: "sonnet",
      tokens: { input: 2_600, output: 1_100 },
      output: (prompt, promptOf) =>
        reportOutput(prompt, datasetOf(promptOf("fetch")), stationOf(promptOf("station"))),
    },
  ],
};
