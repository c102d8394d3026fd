import { describe, expect, it } from "vitest";
import { companyName, findWorkflow } from "./workflowCatalog";
import { fillTemplate, parseWorkflowCommand, resolveInputs } from "./workflowInputs";

describe("workflow inputs", () => {
  it("reads the command, with --input JSON bare or in single quotes", () => {
    expect(parseWorkflowCommand("/workflow")).toEqual({ verb: "", name: "" });
    expect(parseWorkflowCommand("/workflow retry run-1")).toEqual({ verb: "retry", name: "run-1" });
    const json = '{"company_url": "https://a b.example"}';
    for (const input of [json, `'${json}'`]) {
      expect(parseWorkflowCommand(`/workflow run icp-scoring --input ${input}`)).toEqual({
        verb: "run",
        name: "icp-scoring",
        input: json,
      });
    }
  });

  it("starts from the defaults and takes a number as its text", () => {
    const workflow = findWorkflow("expansion-finder")!;
    expect(resolveInputs(workflow, undefined)).toEqual({ values: { account_id: "ACC-2043" } });
    expect(resolveInputs(workflow, { account_id: 2044 })).toEqual({
      values: { account_id: "2044" },
    });
  });

  it("fills the templates it knows and leaves other braces alone", () => {
    expect(fillTemplate("{a} and {b} and {c d}", { a: "1", b: "2" })).toBe("1 and 2 and {c d}");
  });

  it("names a company after its site", () => {
    expect(companyName("https://acme-robotics.example/about")).toBe("Acme Robotics");
    expect(companyName("www.globex.example")).toBe("Globex");
  });
});
