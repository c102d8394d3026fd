import type { JSONValue } from "@crayonai/stream";
import type { WorkflowSpec } from "./workflowCatalog";

/** A workflow's input values by name: its defaults, with what the trigger changed. */
export type WorkflowInputs = Record<string, string>;

/** A `/workflow` command, read: `/workflow run NAME --input {"key": "value"}`. */
export type WorkflowCommand = {
  verb: string;
  name: string;
  /** The text after `--input` (JSON, optionally in single quotes, as a shell would take it). */
  input?: string;
};

/** Reads `/workflow [verb] [name] [--input JSON]`. */
export function parseWorkflowCommand(text: string): WorkflowCommand {
  const match = /^\/workflow(?:\s+(\S+))?(?:\s+(\S+))?(?:\s+--input\s+([\s\S]*))?$/.exec(
    text.trim(),
  );
  const [, verb = "", name = "", input] = match ?? [];
  return input === undefined ? { verb, name } : { verb, name, input: unquote(input.trim()) };
}

function unquote(text: string): string {
  return text.length >= 2 && text.startsWith("'") && text.endsWith("'") ? text.slice(1, -1) : text;
}

/**
 * The values a run of `workflow` uses: its defaults, replaced by `given` (an object of input
 * names to values; a number or boolean is taken as its text). Unknown names and empty values
 * are refused, as the engine would refuse an invalid trigger.
 */
export function resolveInputs(
  workflow: WorkflowSpec,
  given: unknown,
): { values: WorkflowInputs } | { error: string } {
  const values: WorkflowInputs = { ...workflow.inputs };
  if (given === undefined) return { values };
  if (typeof given !== "object" || given === null || Array.isArray(given)) {
    return { error: "`--input` must be a JSON object of input names and values." };
  }
  const known = Object.keys(workflow.inputs);
  for (const [key, value] of Object.entries(given)) {
    if (!known.includes(key)) {
      const names = known.map((name) => `\`${name}\``).join(", ");
      return { error: `\`${workflow.name}\` has no input \`${key}\`. Its inputs: ${names}.` };
    }
    const text = typeof value === "string" ? value.trim() : JSON.stringify(value ?? "");
    if (text === "" || text === '""') return { error: `\`${key}\` cannot be empty.` };
    values[key] = text;
  }
  return { values };
}

/** Reads the JSON of `--input`; undefined when there is none. */
export function parseInputJson(input: string | undefined): { given: unknown } | { error: string } {
  if (input === undefined) return { given: undefined };
  try {
    return { given: JSON.parse(input) };
  } catch {
    return { error: `\`--input\` is not valid JSON: ${input}` };
  }
}

/**
 * The values the scripted text quotes: the inputs, and what the workflow derives from them
 * (the company's name from its URL, say).
 */
function templateValues(workflow: WorkflowSpec, inputs: WorkflowInputs): WorkflowInputs {
  return { ...inputs, ...workflow.derive?.(inputs) };
}

/** `text` with each `{name}` of `values` replaced by its value (other braces are kept). */
export function fillTemplate(text: string, values: WorkflowInputs): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : whole,
  );
}

/** `outputs` with the templates of its text values filled. */
function fillOutputs(
  outputs: Record<string, JSONValue>,
  values: WorkflowInputs,
): Record<string, JSONValue> {
  return Object.fromEntries(
    Object.entries(outputs).map(([key, value]) => [
      key,
      typeof value === "string" ? fillTemplate(value, values) : value,
    ]),
  );
}

/** `workflow` as a run with `inputs` plays it: every template of its text filled. */
export function fillWorkflow(workflow: WorkflowSpec, inputs: WorkflowInputs): WorkflowSpec {
  const values = templateValues(workflow, inputs);
  const fill = (text: string) => fillTemplate(text, values);
  return {
    ...workflow,
    inputs,
    tasks: workflow.tasks.map((task) => ({
      ...task,
      logs: task.logs.map(fill),
      output: fill(task.output),
    })),
    outputs: fillOutputs(workflow.outputs, values),
    conclusion: {
      outcome: fill(workflow.conclusion.outcome),
      next: fill(workflow.conclusion.next),
    },
  };
}
