/** A Cyrus model tier, chosen per subroutine. */
export type CyrusModel = "opus" | "sonnet" | "haiku";

/** One scripted attempt of a subroutine. */
export type SubroutineAttemptSpec = {
  success: boolean;
  /** What the agent is doing, one line per progress update. */
  activity: string[];
  /** The subroutine's final text (the failure reason when it failed). */
  result: string;
  durationMs: number;
  inputTokens: number;
  outputTokens: number;
};

/** One `ctx.runSubroutine(...)` call of the workflow. */
export type SubroutineSpec = {
  name: string;
  promptPath: string;
  model: CyrusModel;
  /** The workflow retries the subroutine until it succeeds, at most this many times. */
  maxAttempts: number;
  singleTurn?: boolean;
  attempts: SubroutineAttemptSpec[];
};

/** The Linear issue the scripted run works on. */
export const CYRUS_ISSUE = {
  id: "CYR-142",
  title: "Retry failed webhook deliveries with backoff",
} as const;

/** The workflow's name (its folder under ~/.cyrus/workflows/). */
export const CYRUS_WORKFLOW = "full-development";

/** What a completed run means, and what to do next: the closing reply, under the card. */
export const CYRUS_CONCLUSION = {
  outcome: "PR #318 is ready for review.",
  next: "The failed first verification found a real bug (the 30 s backoff cap), and the fix comes with the test that caught it. Next: review and merge PR #318; CYR-142 has the summary.",
} as const;

/** The full-development workflow: plan, code, verify (with retries), open a PR, summarise. */
export const CYRUS_SUBROUTINES: readonly SubroutineSpec[] = [
  {
    name: "planning",
    promptPath: "subroutines/planning.md",
    model: "opus",
    maxAttempts: 1,
    attempts: [
      {
        success: true,
        activity: [
          "Reading CYR-142 and its comments",
          "Reading src/webhooks/delivery.ts",
          "Writing the plan",
        ],
        result:
          "Plan: exponential backoff (1 s, 4 s, 16 s, 30 s cap) in WebhookDelivery.send; persist the attempt count.",
        durationMs: 41_000,
        inputTokens: 18_400,
        outputTokens: 1_350,
      },
    ],
  },
  {
    name: "coding-activity",
    promptPath: "subroutines/coding-activity.md",
    model: "sonnet",
    maxAttempts: 1,
    attempts: [
      {
        success: true,
        activity: [
          "Editing src/webhooks/backoff.ts",
          "Editing src/webhooks/delivery.ts",
          "Adding a migration for delivery_attempts",
          "Writing tests in delivery.retry.test.ts",
        ],
        result: "Changed 4 files (+212 −31).",
        durationMs: 186_000,
        inputTokens: 64_200,
        outputTokens: 9_800,
      },
    ],
  },
  {
    name: "verifications",
    promptPath: "subroutines/verifications.md",
    model: "sonnet",
    maxAttempts: 3,
    attempts: [
      {
        success: false,
        activity: ["pnpm typecheck", "pnpm test", "2 tests failed"],
        result: "2 of 148 tests failed: backoff stops at 16 s instead of the 30 s cap.",
        durationMs: 74_000,
        inputTokens: 22_100,
        outputTokens: 1_900,
      },
      {
        success: true,
        activity: ["Fixing the cap in backoff.ts", "pnpm test", "pnpm lint"],
        result: "148 tests passed; typecheck and lint clean.",
        durationMs: 96_000,
        inputTokens: 27_600,
        outputTokens: 2_400,
      },
    ],
  },
  {
    name: "git-gh",
    promptPath: "subroutines/git-gh.md",
    model: "sonnet",
    maxAttempts: 1,
    attempts: [
      {
        success: true,
        activity: ["git commit", "git push origin cyr-142-webhook-backoff", "gh pr create"],
        result: "Opened PR #318 “Retry failed webhook deliveries with backoff”.",
        durationMs: 22_000,
        inputTokens: 6_300,
        outputTokens: 540,
      },
    ],
  },
  {
    name: "concise-summary",
    promptPath: "subroutines/concise-summary.md",
    model: "haiku",
    maxAttempts: 1,
    singleTurn: true,
    attempts: [
      {
        success: true,
        activity: ["Summarising for Linear"],
        result: "Posted the summary to CYR-142.",
        durationMs: 4_000,
        inputTokens: 3_100,
        outputTokens: 260,
      },
    ],
  },
];
