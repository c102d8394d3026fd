import type { ActivityRenderer } from "@crayonai/react-ui";
import { useDemoActions } from "../DemoActions";
import { readWorkflowList } from "../viewModel/workflowList";
import { ActivityCard } from "./ActivityCard";
import { WorkflowCard } from "./WorkflowCard";

/** The workflow engine's list of deployed workflows, each with its inputs and a Trigger button. */
export const WorkflowListView: ActivityRenderer = ({ message }) => {
  const { isRunning, send } = useDemoActions();
  const list = readWorkflowList(message.content);
  return (
    <ActivityCard title={list.title}>
      <ul className="demo-workflows">
        {list.workflows.map((workflow) => (
          <WorkflowCard
            key={workflow.name}
            workflow={workflow}
            isRunning={isRunning}
            onTrigger={send}
          />
        ))}
      </ul>
    </ActivityCard>
  );
};
