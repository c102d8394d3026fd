import { describe, expect, it } from "vitest";
import { assistantText, replay, userMessage } from "./scriptHarness";
import { workdeckScript as script } from "./workdeck";
import { boards, cards } from "./workdeckHarness";
import { choosePlan, noPlanNote, WORKDECK_PLANS } from "./workdeckPlanner";

const planOf = (prompt: string) => choosePlan(prompt)?.plan.id;

describe("the Workdeck planner", () => {
  it("picks the plan whose words the prompt uses", () => {
    expect(planOf("Compare Q3 revenue with Q2 and last year")).toBe("revenue-q3");
    expect(planOf("How did sales do this quarter?")).toBe("revenue-q3");
    expect(planOf("Research our competitors' pricing")).toBe("market-research");
    expect(planOf("Fit a sine to Oakland's temperatures")).toBe("weather-fit");
    expect(choosePlan("Compare Q3 revenue")?.matched).toEqual(["revenue", "q3"]);
  });

  it("runs the design's own example for /workdeck alone, and the plan with most matches on a tie", () => {
    expect(planOf("")).toBe("weather-fit");
    // "research" is the market plan's, "revenue" and "Q3" the revenue plan's: two beat one.
    expect(planOf("Research Q3 revenue")).toBe("revenue-q3");
    expect(planOf("weather market")).toBe("weather-fit");
  });

  it("picks nothing for a prompt with none of its plans' words", () => {
    expect(choosePlan("Write a haiku about cats")).toBeUndefined();
  });

  it("plans every task as a DAG: dependencies named earlier, some tasks with none", () => {
    for (const plan of WORKDECK_PLANS) {
      const seen = new Set<string>();
      for (const task of plan.tasks) {
        for (const dependency of task.dependsOn) expect(seen).toContain(dependency);
        seen.add(task.id);
      }
      expect(plan.tasks.filter((task) => task.dependsOn.length === 0).length).toBeGreaterThan(1);
    }
  });

  it("runs the plan a /workdeck prompt picks, with the prompt as the action's root prompt", async () => {
    const prompt = "Compare Q3 revenue with Q2 and with Q3 last year";
    const { messages } = await replay(script, [userMessage(`/workdeck ${prompt}`)]);
    const board = boards(messages)[0]!;
    expect(board.content).toMatchObject({
      title: "Q3 revenue comparison",
      planId: "revenue-q3",
      rootPrompt: prompt,
    });
    expect(Object.keys(cards(messages))).toEqual([
      "q3",
      "baseline",
      "fx",
      "usd",
      "chart",
      "summary",
    ]);
    expect(assistantText(messages)).toContain(
      "with the scripted plan “Q3 revenue comparison” (your prompt's words: revenue, q3)",
    );

    const market = await replay(script, [userMessage("/workdeck Research the BI market")]);
    expect(boards(market.messages)[0]!.content.title).toBe("Competitor research");
    expect(Object.values(cards(market.messages)).map((card) => card.status)).toEqual(
      Array(6).fill("completed"),
    );
  });

  it("says so, and which prompts it knows, when no plan matches: nothing is planned or run", async () => {
    const { messages, events } = await replay(script, [
      userMessage("/workdeck Write a haiku about cats"),
    ]);
    expect(boards(messages)).toEqual([]);
    expect(events.some((event) => event.type.startsWith("activity"))).toBe(false);
    const text = assistantText(messages);
    expect(text).toContain("Nothing was planned for “Write a haiku about cats”");
    expect(text).toContain("scripted, not a model");
    for (const plan of WORKDECK_PLANS) expect(text).toContain(`/workdeck ${plan.examplePrompt}`);
    expect(text).toBe(noPlanNote("Write a haiku about cats"));
  });
});
