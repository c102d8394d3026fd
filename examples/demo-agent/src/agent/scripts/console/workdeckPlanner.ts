import { MARKET_PLAN } from "./workdeckMarketPlan";
import type { WorkdeckPlan } from "./workdeckPlan";
import { REVENUE_PLAN } from "./workdeckRevenuePlan";
import { WEATHER_PLAN } from "./workdeckWeatherPlan";

/** Every plan the scripted planner knows; `/workdeck` alone runs the first. */
export const WORKDECK_PLANS: readonly WorkdeckPlan[] = [WEATHER_PLAN, REVENUE_PLAN, MARKET_PLAN];

/** The plan a prompt picked, and the words of the prompt that picked it. */
export type PlanChoice = { plan: WorkdeckPlan; matched: string[] };

/** The plan with id `planId` (a board names the plan it was made from). */
export function planById(planId: unknown): WorkdeckPlan | undefined {
  return WORKDECK_PLANS.find((plan) => plan.id === planId);
}

/** The words of `prompt` that `plan`'s keywords match, lower case, each once. */
function matchedWords(plan: WorkdeckPlan, prompt: string): string[] {
  const words = plan.keywords.map((keyword) => keyword.exec(prompt)?.[0]?.toLowerCase());
  return [...new Set(words.filter((word): word is string => word !== undefined))];
}

/**
 * The plan for a root prompt: the one whose keywords match most of its words (the first on a
 * tie); the design's own example for an empty prompt; undefined when no plan's words occur.
 */
export function choosePlan(prompt: string): PlanChoice | undefined {
  if (!prompt.trim()) return { plan: WORKDECK_PLANS[0]!, matched: [] };
  let best: PlanChoice | undefined;
  for (const plan of WORKDECK_PLANS) {
    const matched = matchedWords(plan, prompt);
    if (matched.length > (best?.matched.length ?? 0)) best = { plan, matched };
  }
  return best;
}

/** The root prompt of a `/workdeck …` message: what follows the command. */
export function rootPromptOf(input: string): string {
  return input
    .trim()
    .replace(/^\/workdeck\b/i, "")
    .trim();
}

/**
 * What Workdeck says to a prompt no plan matches: that it planned nothing, that its planner is
 * scripted, and the prompts it does know.
 */
export function noPlanNote(prompt: string): string {
  const known = WORKDECK_PLANS.map(
    (plan) =>
      `- **${plan.title}**, for prompts about ${plan.topics}: \`/workdeck ${plan.examplePrompt}\``,
  );
  return [
    `Nothing was planned for “${prompt}”. This Workdeck's planner is scripted, not a model: it knows ${WORKDECK_PLANS.length} plans, picked by the words of a prompt, and none of their words are in yours.`,
    known.join("\n"),
    "Send one of these (or a prompt with their words), or `/workdeck` alone for the first.",
  ].join("\n\n");
}

/** A prompt the planner knows, for an app that offers it (the console's New action). */
export type WorkdeckExample = { title: string; prompt: string; topics: string };

/** One example prompt per plan, in the planner's order. */
export const WORKDECK_EXAMPLES: readonly WorkdeckExample[] = WORKDECK_PLANS.map((plan) => ({
  title: plan.title,
  prompt: plan.examplePrompt,
  topics: plan.topics,
}));
