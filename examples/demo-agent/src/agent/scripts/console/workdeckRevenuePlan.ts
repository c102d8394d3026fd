import type { WorkdeckPlan } from "./workdeckPlan";

/** The rates service the planner picks first; it is down, so its task fails until edited. */
const DOWN_SOURCE = "fx-rates.example";

/** The exchange-rate source an instruction names: the ECB's by default. */
export function rateSourceOf(prompt: string): string {
  if (/\bfed(eral reserve)?\b|\bH\.10\b/i.test(prompt)) return "Federal Reserve H.10 rates";
  if (/\bopen ?exchange\b/i.test(prompt)) return "Open Exchange Rates";
  if (prompt.includes(DOWN_SOURCE)) return DOWN_SOURCE;
  return "ECB reference rates";
}

/**
 * Q3 revenue against Q2 and against Q3 a year ago. Its exchange-rate task names a service that
 * does not answer: it fails on every attempt until the user edits it to use another source, and
 * the run restarts from there.
 */
export const REVENUE_PLAN: WorkdeckPlan = {
  id: "revenue-q3",
  title: "Q3 revenue comparison",
  examplePrompt: "Compare Q3 revenue with Q2 and with Q3 last year, by region, in USD.",
  topics: "revenue, sales or quarters",
  keywords: [/\brevenue\b/i, /\bsales\b/i, /\bQ[1-4]\b/i, /\bquarter(ly|s)?\b/i, /\bearnings\b/i],
  tasks: [
    {
      id: "q3",
      title: "Pull Q3 revenue",
      prompt:
        "Query the finance warehouse for Q3 2025 revenue by region (EMEA, Americas, APAC) in local currency.",
      agentType: "data_retrieval",
      dependsOn: [],
      workTicks: 3,
      steps: () => [
        "Tool call warehouse.query(SELECT region, sum(amount) … WHERE quarter = '2025-Q3')",
        "3 regions, 41,208 invoices; wrote revenue-q3-2025.csv",
      ],
      model: "haiku",
      tokens: { input: 1_600, output: 350 },
      output: () =>
        "Q3 2025: EMEA €4.2 M, Americas $6.8 M, APAC ¥690 M (artifact revenue-q3-2025.csv).",
    },
    {
      id: "baseline",
      title: "Pull comparison quarters",
      prompt: "Query the same regional revenue for Q2 2025 and for Q3 2024, in local currency.",
      agentType: "data_retrieval",
      dependsOn: [],
      workTicks: 3,
      steps: () => [
        "Tool call warehouse.query(… WHERE quarter IN ('2025-Q2', '2024-Q3'))",
        "6 rows (3 regions × 2 quarters); wrote revenue-baseline.csv",
      ],
      model: "haiku",
      tokens: { input: 1_500, output: 330 },
      output: () =>
        "Q2 2025 and Q3 2024 for 3 regions, 6 rows in local currency (artifact revenue-baseline.csv).",
    },
    {
      id: "fx",
      title: "Fetch exchange rates",
      prompt: `Fetch the average EUR→USD and JPY→USD rates for Q3 2025, Q2 2025 and Q3 2024 from ${DOWN_SOURCE}/api.`,
      agentType: "data_retrieval",
      dependsOn: [],
      workTicks: 2,
      steps: (prompt) => [`Tool call http.get(${rateSourceOf(prompt)}, pairs: EURUSD, JPYUSD)`],
      persistentFailure: {
        atTick: 1,
        reason: (prompt) =>
          prompt.includes(DOWN_SOURCE)
            ? `${DOWN_SOURCE} did not answer within 30 s (network timeout)`
            : undefined,
        fix: `Edit the instruction to use another source, e.g. the ECB reference rates instead of ${DOWN_SOURCE}.`,
      },
      model: "haiku",
      tokens: { input: 900, output: 200 },
      output: (prompt) =>
        `Quarterly averages from ${rateSourceOf(prompt)}: EUR→USD 1.17 / 1.13 / 1.10, JPY→USD 0.0068 / 0.0069 / 0.0068 (artifact fx-rates.json).`,
    },
    {
      id: "usd",
      title: "Convert to USD",
      prompt:
        "Convert every quarter's regional revenue to USD in a Google spreadsheet, one row per region and quarter.",
      agentType: "spreadsheet",
      dependsOn: ["q3", "baseline", "fx"],
      workTicks: 3,
      steps: (_prompt, promptOf) => [
        `Read both revenue CSVs and the ${rateSourceOf(promptOf("fx"))} by reference`,
        'Tool call sheets.create(title: "Q3 revenue in USD") and sheets.append_rows(rows: 9)',
      ],
      model: "sonnet",
      tokens: { input: 1_800, output: 520 },
      output: (_prompt, promptOf) =>
        `Sheet 'Q3 revenue in USD', 9 rows at ${rateSourceOf(promptOf("fx"))}: Q3 2025 $16.4 M, Q2 2025 $15.4 M, Q3 2024 $14.1 M.`,
    },
    {
      id: "chart",
      title: "Chart the comparison",
      prompt:
        "Plot Q3 2025 against Q2 2025 and Q3 2024 for each region as grouped bars with matplotlib.",
      agentType: "code_execution",
      dependsOn: ["usd"],
      workTicks: 3,
      steps: () => [
        "Tool call python.run(): loaded the USD sheet with pandas",
        "Tool call python.run(): grouped bar chart, 3 regions × 3 quarters",
      ],
      model: "sonnet",
      tokens: { input: 2_200, output: 640 },
      output: () => "Grouped bars, 3 regions × 3 quarters (artifact revenue-q3.png).",
    },
    {
      id: "summary",
      title: "Write the summary",
      prompt:
        "Write a one-page markdown summary with the chart: quarter-on-quarter and year-on-year growth per region.",
      agentType: "report",
      dependsOn: ["usd", "chart"],
      workTicks: 3,
      steps: () => [
        "Read the outputs of Convert to USD and Chart the comparison",
        "Tool call docs.write(summary.md)",
      ],
      model: "sonnet",
      tokens: { input: 2_400, output: 980 },
      output: () =>
        "summary.md: total +6.5 % on Q2 and +16.3 % on Q3 2024; the Americas grew most (+21 % year on year).",
    },
  ],
};
