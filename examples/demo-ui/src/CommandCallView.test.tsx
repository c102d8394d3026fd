import { toolUIProps as props } from "@crayonai/demo-ui/testing";
import { afterEach, describe, expect, it } from "vitest";
import { CommandCallView } from "./CommandCallView";
import { DemoActionsProvider } from "./DemoActions";
import { button, click, fakeChat, type Rendered, render } from "./testing/render";

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe("CommandCallView", () => {
  it("shows the command a destructive tool will run, with Approve / Reject on the card", async () => {
    const waiting = props({
      toolName: "docker_image_prune",
      args: { host: "build-box-3", filter: "dangling=true" },
      status: "awaiting-approval",
    });
    view = await render(<CommandCallView {...waiting} />);
    const card = view.container;
    expect(card.querySelector("h3")?.textContent).toBe("docker_image_prune on build-box-3");
    expect(card.textContent).toContain("docker image prune --force --filter dangling=true");
    expect(card.textContent).toContain("Needs approval");
    await click(button(card, "Reject"));
    expect(waiting.reject).toHaveBeenCalled();
    expect(waiting.approve).not.toHaveBeenCalled();
  });

  it("shows a sandbox command's output once it ran", async () => {
    view = await render(
      <CommandCallView
        {...props({
          toolName: "sandbox_exec",
          args: { command: "du -sh /var/lib/docker/*", network: false },
          status: "complete",
          result: "38G\t/var/lib/docker/overlay2",
        })}
      />,
    );
    const card = view.container;
    expect(card.querySelector("h3")?.textContent).toBe("sandbox_exec on sandbox");
    expect(card.textContent).toContain("du -sh /var/lib/docker/*");
    expect(card.textContent).toContain("38G");
    expect(card.querySelector("button")).toBeNull();
  });

  it("labels a sandbox command Running while the reply streams, and Stopped after a stop", async () => {
    const call = props({
      toolName: "sandbox_exec",
      args: { command: "du -sh /var/lib/docker/*" },
      status: "awaiting-result",
    });
    const badge = () => view?.container.querySelector(".demo-status")?.textContent;
    view = await render(
      <DemoActionsProvider chat={fakeChat({ isRunning: true })}>
        <CommandCallView {...call} />
      </DemoActionsProvider>,
    );
    expect(badge()).toBe("Running");
    await view.rerender(
      <DemoActionsProvider chat={fakeChat({ isRunning: false })}>
        <CommandCallView {...call} />
      </DemoActionsProvider>,
    );
    expect(badge()).toBe("Stopped");
  });
});
