import type { WorkdeckPlan, WorkdeckTaskSpec } from "./workdeckPlan";

/** One competitor the research covers, with what its pages say. */
type Competitor = { id: string; name: string; site: string; found: string };

const COMPETITORS: readonly Competitor[] = [
  {
    id: "acme",
    name: "Acme Analytics",
    site: "acme-analytics.example",
    found: "3 tiers from $25 to $79 per seat a month; sells to finance teams, self-serve first.",
  },
  {
    id: "nimbus",
    name: "Nimbus BI",
    site: "nimbus-bi.example",
    found:
      "2 tiers, $40 per seat or an annual platform fee; enterprise sales, strong on governance.",
  },
  {
    id: "quarry",
    name: "Quarry Data",
    site: "quarry.example",
    found: "free tier, then $18 per seat; developer-led, embeds dashboards in other apps.",
  },
];

/** The research task for one competitor; the three run in parallel. */
function competitorTask(competitor: Competitor, index: number): WorkdeckTaskSpec {
  return {
    id: competitor.id,
    title: `Research ${competitor.name}`,
    prompt: `Collect ${competitor.name}'s public pricing tiers and positioning from ${competitor.site} and its last 12 months of press releases.`,
    agentType: "data_retrieval",
    dependsOn: [],
    workTicks: 3 + (index % 2),
    steps: () => [
      `Tool call web.fetch(${competitor.site}/pricing)`,
      `Tool call web.search("${competitor.name} press release 2025") → 7 results`,
      "Extracted the tiers and the positioning claims",
    ],
    // One search API call hits a rate limit: the retry is shown, then the task succeeds.
    ...(index === 1 && {
      transientFailureAtTick: 2,
      transientError: "Search API rate limit (429)",
    }),
    model: "haiku",
    tokens: { input: 2_100, output: 460 },
    output: () => `${competitor.name}: ${competitor.found}`,
  };
}

/** Competitor and market research: three competitors and the market size in parallel, then a brief. */
export const MARKET_PLAN: WorkdeckPlan = {
  id: "market-research",
  title: "Competitor research",
  examplePrompt:
    "Research our three main competitors' pricing and positioning and size the market for a brief.",
  topics: "competitors, a market or pricing",
  keywords: [/\bcompetit\w*/i, /\bmarket\w*/i, /\bresearch\w*/i, /\bpricing\b/i, /\brivals?\b/i],
  tasks: [
    ...COMPETITORS.map(competitorTask),
    {
      id: "size",
      title: "Estimate the market size",
      prompt:
        "Estimate the 2025 mid-market BI tools market from two analyst reports, as a range with its sources.",
      agentType: "data_retrieval",
      dependsOn: [],
      workTicks: 4,
      steps: () => [
        'Tool call web.search("mid-market BI tools market size 2025") → 2 analyst reports',
        "Read both reports' market tables",
        "Reconciled the two estimates into one range",
      ],
      model: "haiku",
      tokens: { input: 2_600, output: 520 },
      output: () =>
        "$4.1–4.8 B in 2025, growing 11–13 % a year (two analyst reports; artifact market-size.md).",
    },
    {
      id: "matrix",
      title: "Build the comparison table",
      prompt:
        "Put every competitor's tiers, price per seat and key features side by side in a Google spreadsheet.",
      agentType: "spreadsheet",
      dependsOn: COMPETITORS.map((competitor) => competitor.id),
      workTicks: 3,
      steps: () => [
        "Read the 3 competitor findings by reference",
        'Tool call sheets.create(title: "Competitor pricing") and sheets.append_rows(rows: 8)',
      ],
      model: "sonnet",
      tokens: { input: 2_000, output: 600 },
      output: () =>
        "Sheet 'Competitor pricing': 8 tiers of 3 competitors, price per seat from $0 to $79.",
    },
    {
      id: "brief",
      title: "Write the market brief",
      prompt:
        "Write a two-page markdown brief: the market size, each competitor's position, and where our pricing fits.",
      agentType: "report",
      dependsOn: ["matrix", "size"],
      workTicks: 3,
      steps: () => [
        "Read the outputs of Build the comparison table and Estimate the market size",
        "Tool call docs.write(market-brief.md)",
      ],
      model: "sonnet",
      tokens: { input: 3_000, output: 1_300 },
      output: () =>
        "market-brief.md: a $4.1–4.8 B market; Acme leads self-serve, Nimbus enterprise, Quarry embedded; our $35 seat sits between Acme's middle and top tiers.",
    },
  ],
};
