import type { JSONValue } from "@crayonai/stream";

/**
 * One task of a workflow spec, with the scripted outcome the demo plays back. Its text may
 * quote the run's inputs as `{name}` (see `fillTemplate`).
 */
export type WorkflowTaskSpec = {
  id: string;
  title: string;
  /** What runs the task: an agent, a user node, a tool call, or a condition. */
  kind: "agent" | "node" | "tool" | "condition";
  /** The agent, node or tool name, or the condition expression. */
  node: string;
  /** Simulated duration (deterministic; not wall-clock time). */
  durationMs: number;
  /** Log lines, one per progress update while the task runs. */
  logs: string[];
  /** The task's result, shown when it completes. */
  output: string;
  /** A condition whose result skips the remaining tasks. */
  skipsRest?: boolean;
  /**
   * A scripted failure: a run (not a retry) fails here after `afterLogs` log lines, for
   * `reason`, with `consequence` for the run as a whole. Retrying the run from this task
   * succeeds (the outage is over).
   */
  failure?: { afterLogs: number; reason: string; consequence: string };
};

/** A workflow as the engine lists it, with its scripted run. */
export type WorkflowSpec = {
  name: string;
  version: number;
  description: string;
  /** Each input's default value; a trigger may change them. */
  inputs: Record<string, string>;
  /** Values the scripted text quotes that follow from the inputs. */
  derive?: (inputs: Record<string, string>) => Record<string, string>;
  tasks: WorkflowTaskSpec[];
  outputs: Record<string, JSONValue>;
  /** What a completed run means, and what to do next: the closing reply, under the card. */
  conclusion: { outcome: string; next: string };
};

/** "Acme Robotics" for `https://acme-robotics.example/about`: a company's name from its site. */
export function companyName(url: string): string {
  const host =
    url
      .replace(/^[a-z]+:\/\//i, "")
      .replace(/^www\./i, "")
      .split(/[/.:?#]/)[0] ?? "";
  const words = host.split(/[-_]+/).filter(Boolean);
  return words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join(" ") || url;
}

/** Model tokens a scripted run of an agent task uses (for the cost readout). */
export const AGENT_TASK_TOKENS = { input: 2_400, output: 650 } as const;

/** The workflows `/workflow` lists (from the workflow engine's minimal UI). */
export const WORKFLOW_CATALOG: readonly WorkflowSpec[] = [
  {
    name: "icp-scoring",
    version: 1,
    description: "Score an inbound company against the ideal customer profile.",
    inputs: {
      company_url: "https://acme-robotics.example",
      scoring_criteria: "B2B SaaS $5M+ ARR",
    },
    derive: (inputs) => ({ company: companyName(inputs.company_url ?? "") }),
    tasks: [
      {
        id: "research",
        title: "Research Company",
        kind: "agent",
        node: "company-researcher",
        durationMs: 3_200,
        logs: [
          "web_read {company_url}",
          "web_read {company_url}/about",
          "linkedin_getCompanyProfile {company}",
          "Structured company_data (confidence: high)",
        ],
        output: "{company}: warehouse picking robots, B2B SaaS + hardware, 140 people, Series B.",
      },
      {
        id: "score",
        title: "Score Against ICP",
        kind: "agent",
        node: "icp-scorer",
        durationMs: 2_100,
        logs: [
          "Criteria: {scoring_criteria}",
          "ARR estimate $18M (funding + headcount)",
          "Scored 6 signals",
        ],
        output: "score 86 against “{scoring_criteria}”: $18M ARR estimate, growing ops team.",
      },
      {
        id: "decision",
        title: "Decision",
        kind: "condition",
        node: "score_result.score >= 80",
        durationMs: 40,
        logs: ["86 >= 80 is true: continue to task 4"],
        output: "true: notify sales",
      },
      {
        id: "notify",
        title: "Notify Sales",
        kind: "tool",
        node: "slack_postMessage",
        durationMs: 600,
        logs: ["POST #sales-leads", "Message ts 1718.0042"],
        output: "Posted to #sales-leads: New qualified lead: {company} (score: 86)",
      },
    ],
    outputs: { qualification: "qualified", score: 86, company: "{company}" },
    conclusion: {
      outcome: "{company} is a qualified lead, and sales has it.",
      next: "Next: a discovery call from #sales-leads. To score another company, change `company_url` on the workflow's card and press Trigger.",
    },
  },
  {
    name: "expansion-finder",
    version: 1,
    description: "Find expansion signals in an existing customer account.",
    inputs: { account_id: "ACC-2043" },
    tasks: [
      {
        id: "usage",
        title: "Pull Product Usage",
        kind: "node",
        node: "fetchAccountUsage",
        durationMs: 900,
        logs: ["Query usage for {account_id} (90 days)", "Seats 48 of 50 used"],
        output: "48/50 seats, API calls up 3.1x in 90 days.",
      },
      {
        id: "hiring",
        title: "Research Hiring",
        kind: "agent",
        node: "hiring-researcher",
        durationMs: 2_800,
        logs: [
          "web_read careers page",
          "12 open roles, 7 in data teams",
          "Summarised hiring signal",
        ],
        output: "Hiring 7 data roles: a new team likely needs seats.",
      },
      {
        id: "brief",
        title: "Write Expansion Brief",
        kind: "agent",
        node: "brief-writer",
        durationMs: 1_900,
        logs: ["Drafting brief", "Added 3 talking points"],
        output: "Brief: propose 25-seat team plan; champion is the VP Data.",
      },
    ],
    outputs: { expansion_likely: true, suggested_seats: 25 },
    conclusion: {
      outcome: "{account_id} is ready to grow.",
      next: "Next: take the 25-seat team plan to the VP Data before the account runs out of seats.",
    },
  },
  {
    name: "competitor-monitor",
    version: 1,
    description: "Watch competitor pricing pages and alert on significant changes.",
    inputs: { competitors: "globex.example, initech.example" },
    tasks: [
      {
        id: "scan",
        title: "Scan Competitor Sites",
        kind: "agent",
        node: "site-scanner",
        durationMs: 2_600,
        logs: ["Reading the pricing pages of {competitors}", "Saved a snapshot of each page"],
        output: "Pricing pages of {competitors} read.",
      },
      {
        id: "diff",
        title: "Diff Against Last Snapshot",
        kind: "node",
        node: "diffSnapshots",
        durationMs: 700,
        logs: ["Compared with the snapshot from last week", "2 wording changes, no price change"],
        output: "2 changes, none to prices.",
      },
      {
        id: "decision",
        title: "Decision",
        kind: "condition",
        node: "changes.significant == true",
        durationMs: 30,
        logs: ["significant is false: skip the alert"],
        output: "false: no alert",
        skipsRest: true,
      },
      {
        id: "alert",
        title: "Alert #competitive",
        kind: "tool",
        node: "slack_postMessage",
        durationMs: 0,
        logs: [],
        output: "",
      },
    ],
    outputs: { changes: 2, significant: false },
    conclusion: {
      outcome: "Nothing to act on this week.",
      next: "The changes are wording only, so no alert went out; the next scan compares against this week's snapshot.",
    },
  },
  {
    name: "lead-enrichment",
    version: 2,
    description: "Enrich this week's new leads with firmographics and route the good ones.",
    inputs: { list: "Inbound leads, week 23" },
    tasks: [
      {
        id: "fetch",
        title: "Fetch New Leads",
        kind: "node",
        node: "crmQueryLeads",
        durationMs: 800,
        logs: ["SELECT leads FROM “{list}”", "42 leads, 38 with a company domain"],
        output: "42 leads, 38 with a company domain.",
      },
      {
        id: "enrich",
        title: "Enrich Firmographics",
        kind: "tool",
        node: "clearbit_enrichCompany",
        durationMs: 2_400,
        logs: [
          "Batch 1 of 2: 20 domains",
          "Batch 1 enriched (20 of 20)",
          "Batch 2 of 2: 18 domains",
          "Batch 2 enriched (18 of 18)",
        ],
        output: "38 companies enriched: size, industry, funding stage.",
        failure: {
          afterLogs: 2,
          reason:
            "clearbit_enrichCompany: HTTP 503 Service Unavailable on batch 2 of 2, after 3 attempts (the node's retry limit).",
          consequence: "No lead was scored or routed to sales.",
        },
      },
      {
        id: "score",
        title: "Score Leads",
        kind: "agent",
        node: "lead-scorer",
        durationMs: 1_700,
        logs: ["Scoring 38 companies against the ICP", "11 score 80 or more"],
        output: "11 of 38 leads score 80 or more.",
      },
      {
        id: "route",
        title: "Route to Sales",
        kind: "tool",
        node: "crm_assignOwner",
        durationMs: 500,
        logs: ["Assigned 11 leads round-robin"],
        output: "11 leads assigned to 3 account executives.",
      },
    ],
    outputs: { enriched: 38, qualified: 11 },
    conclusion: {
      outcome: "11 qualified leads are with sales.",
      next: "The other 27 stay in the CRM with their firmographics, ready for next week's scoring.",
    },
  },
];

/** The workflow named `name`, if the catalog has it. */
export function findWorkflow(name: string): WorkflowSpec | undefined {
  return WORKFLOW_CATALOG.find((workflow) => workflow.name === name);
}
