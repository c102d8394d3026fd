import type { Message } from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import { scenarioTitle } from "./scenarios";

const user = (content: Message["content"]): Message =>
  ({ id: "u", role: "user", content }) as Message;
const reply: Message = { id: "a", role: "assistant", content: "4 workflows are deployed." };

describe("scenarioTitle", () => {
  it("titles a thread a scenario's command started with the scenario's name", () => {
    const messages = [user("/workflow"), reply];
    expect(scenarioTitle({ threadId: "t", messages, title: "Workflow" })).toBe("Workflow engine");
    const parts = [user([{ type: "text", text: " /crevnclaw " }]), reply];
    expect(scenarioTitle({ threadId: "t", messages: parts, title: "Crevnclaw" })).toBe("CrevnClaw");
  });

  it("keeps the title of any other thread, a scenario's command with a prompt included", () => {
    const prompt = [user("/workdeck Compare Q3 revenue"), reply];
    expect(scenarioTitle({ threadId: "t", messages: prompt, title: "Compare Q3 revenue" })).toBe(
      "Compare Q3 revenue",
    );
    const question = [user("What can you do?"), reply];
    expect(scenarioTitle({ threadId: "t", messages: question, title: "What can you do" })).toBe(
      "What can you do",
    );
  });
});
