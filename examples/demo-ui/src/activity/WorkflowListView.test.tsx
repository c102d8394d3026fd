import type { ActivityMessage } from "@crayonai/stream";
import { afterEach, describe, expect, it } from "vitest";
import { DemoActionsProvider } from "../DemoActions";
import { button, click, fakeChat, type Rendered, render, typeInto } from "../testing/render";
import { WorkflowListView } from "./WorkflowListView";
import { WorkflowRunView } from "./WorkflowRunView";

const list: ActivityMessage = {
  id: "list",
  role: "activity",
  activityType: "workflow-list",
  content: {
    title: "Workflows",
    workflows: [
      {
        name: "icp-scoring",
        version: 1,
        description: "Score",
        inputs: { company_url: "https://a.example" },
      },
      {
        name: "competitor-monitor",
        version: 1,
        description: "Watch",
        lastRun: { runId: "run-1", status: "completed" },
      },
    ],
  },
};

const run: ActivityMessage = {
  id: "run",
  role: "activity",
  activityType: "workflow-run",
  content: {
    title: "icp-scoring v1",
    runId: "run-2",
    status: "running",
    elapsedMs: 3_200,
    tasks: [
      {
        id: "research",
        title: "Research Company",
        kind: "agent",
        node: "company-researcher",
        status: "completed",
        durationMs: 3_200,
        logs: ["web_read x"],
        output: "Acme",
      },
      {
        id: "score",
        title: "Score Against ICP",
        kind: "agent",
        node: "icp-scorer",
        status: "running",
        elapsedMs: 0,
        logs: [],
      },
    ],
  },
};

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe("WorkflowListView", () => {
  it("triggers a workflow by sending its run command", async () => {
    const chat = fakeChat();
    view = await render(
      <DemoActionsProvider chat={chat}>
        <WorkflowListView message={list} />
      </DemoActionsProvider>,
    );
    await click(button(view.container, "Trigger icp-scoring"));
    expect(chat.threadManager.processMessage).toHaveBeenCalledWith("/workflow run icp-scoring");
    expect(view.container.textContent).toContain("Last run run-1: Completed");
  });

  it("offers each input as a labelled field with its default, and triggers with the edited values", async () => {
    const chat = fakeChat();
    view = await render(
      <DemoActionsProvider chat={chat}>
        <WorkflowListView message={list} />
      </DemoActionsProvider>,
    );
    const label = [...view.container.querySelectorAll("label")].find(
      (l) => l.textContent === "company_url",
    );
    const field = document.getElementById(label!.htmlFor) as HTMLInputElement | null;
    expect(field?.value).toBe("https://a.example");
    expect(field?.closest("fieldset")?.querySelector("legend")?.textContent).toBe(
      "Inputs of icp-scoring",
    );

    await typeInto(field, "https://globex.example ");
    expect(view.container.textContent).toContain("Default: https://a.example");
    await click(button(view.container, "Trigger icp-scoring"));
    expect(chat.threadManager.processMessage).toHaveBeenLastCalledWith(
      '/workflow run icp-scoring --input {"company_url":"https://globex.example"}',
    );

    // Back to the defaults: the plain command again.
    await click(button(view.container, "Reset inputs"));
    expect(field?.value).toBe("https://a.example");
    await click(button(view.container, "Trigger icp-scoring"));
    expect(chat.threadManager.processMessage).toHaveBeenLastCalledWith("/workflow run icp-scoring");
  });

  it("will not trigger with an empty input, and says it is required", async () => {
    view = await render(
      <DemoActionsProvider chat={fakeChat()}>
        <WorkflowListView message={list} />
      </DemoActionsProvider>,
    );
    const field = view.container.querySelector<HTMLInputElement>(".demo-input");
    await typeInto(field, " ");
    expect(field?.getAttribute("aria-invalid")).toBe("true");
    const hint = document.getElementById(field!.getAttribute("aria-describedby")!);
    expect(hint?.textContent).toBe("Required");
    expect(button(view.container, "Trigger icp-scoring").disabled).toBe(true);
  });

  it("disables Trigger while a reply streams", async () => {
    view = await render(
      <DemoActionsProvider chat={fakeChat({ isRunning: true })}>
        <WorkflowListView message={list} />
      </DemoActionsProvider>,
    );
    expect(button(view.container, "Trigger icp-scoring").disabled).toBe(true);
  });
});

describe("WorkflowRunView", () => {
  it("lists tasks with their node, status, time, logs and output", async () => {
    view = await render(
      <DemoActionsProvider chat={fakeChat({ isRunning: true })}>
        <WorkflowRunView message={run} />
      </DemoActionsProvider>,
    );
    const items = [...view.container.querySelectorAll(".demo-task")].map((li) => li.textContent);
    expect(items[0]).toContain("Research Company");
    expect(items[0]).toContain("agent: company-researcher");
    expect(items[0]).toContain("Completed3.2 s");
    expect(items[0]).toContain("web_read x");
    expect(items[0]).toContain("Output Acme");
    expect(items[1]).toContain("Running");
    expect(view.container.textContent).toContain("Task 2 of 2 running: Score Against ICP.");
  });

  it("shows an unfinished run as stopped when no reply streams", async () => {
    view = await render(
      <DemoActionsProvider chat={fakeChat({ isRunning: false })}>
        <WorkflowRunView message={run} />
      </DemoActionsProvider>,
    );
    const statuses = [...view.container.querySelectorAll("[data-status]")].map((el) =>
      el.getAttribute("data-status"),
    );
    expect(statuses).toContain("stopped");
    expect(statuses).not.toContain("running");
  });

  it("says where and why a failed run failed, and retries it from the failed task", async () => {
    const failed: ActivityMessage = {
      ...run,
      content: {
        ...run.content,
        runId: "run-3",
        status: "failed",
        failedTaskId: "score",
        error: "icp-scorer: model timed out",
        tasks: [
          run.content.tasks[0],
          { ...run.content.tasks[1], status: "failed", error: "icp-scorer: model timed out" },
          { id: "notify", title: "Notify Sales", status: "cancelled", logs: [] },
        ],
      },
    };
    const chat = fakeChat();
    view = await render(
      <DemoActionsProvider chat={chat}>
        <WorkflowRunView message={failed} />
      </DemoActionsProvider>,
    );
    const text = view.container.textContent;
    expect(text).toContain("Failed at task 2 of 3: Score Against ICP.");
    expect(text).toContain("Failed at task 2, Score Against ICP: icp-scorer: model timed out");
    const tasks = [...view.container.querySelectorAll(".demo-task")].map((li) => li.textContent);
    expect(tasks[1]).toContain("FailedError icp-scorer: model timed out");
    expect(tasks[2]).toContain("Not run");
    expect(text).toContain("The task before it keeps its result.");
    await click(button(view.container, "Retry from Score Against ICP"));
    expect(chat.threadManager.processMessage).toHaveBeenCalledWith("/workflow retry run-3");
  });
});
