// Conformance of openResponsesAdapter + the message accumulator on whole Responses streams:
// recordings of the OpenAI API (fixtures/recorded, from the AI SDK's tests) and streams written
// after the API reference for what no recording has (fixtures/own). Every expectation is read off
// the fixture's own events (fixtures/fixtureExpectations.ts), so a new fixture needs no new
// expected values: drop its file in one of the two folders.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collect, responseFromChunks, splitBytes, utf8 } from "../../../test/streams";
import { createMessageAccumulator } from "../../accumulator";
import type { CrayonStreamEvent } from "../../events";
import type { AssistantMessage, Message, ReasoningMessage, ToolMessage } from "../../message";
import { expectationsOf } from "./fixtures/fixtureExpectations";
import { type FixtureResponse, readFixtures, sseBody } from "./fixtures/fixtureStream";
import { openResponsesAdapter } from "./openResponsesAdapter";

/** fast-check's seed: every run cuts and drops the same way, so a failure can be replayed. */
const SEED = 20_250_611;

/** Recordings of a proxy that breaks the format's rules, read on their own at the end. */
const DEVIANT = new Set(["recorded/github-copilot-id-rotation.1"]);

type Case = FixtureResponse & { label: string };

/** One case per response of every fixture: a recording of several requests holds several. */
const cases: Case[] = (["recorded", "own"] as const).flatMap((folder) =>
  readFixtures(new URL(`./fixtures/${folder}/`, import.meta.url)).flatMap(({ name, responses }) =>
    responses.map((response, index) => ({
      ...response,
      label: `${folder}/${name}${responses.length > 1 ? ` #${index + 1}` : ""}`,
    })),
  ),
);

const parse = (chunks: Uint8Array[]) =>
  collect(openResponsesAdapter().parse(responseFromChunks(chunks)));

/**
 * The messages a user sees: the events through the accumulator, finished as `useChat` finishes
 * it. Generated ids and the clock are fixed, so that two runs give equal messages.
 */
function messagesOf(events: CrayonStreamEvent[]): Message[] {
  let count = 0;
  const accumulator = createMessageAccumulator({
    generateId: () => `generated_${++count}`,
    now: () => 0,
  });
  for (const event of events) accumulator.apply(event);
  accumulator.finish();
  return accumulator.getMessages();
}

const ofType = <T extends CrayonStreamEvent["type"]>(events: CrayonStreamEvent[], type: T) =>
  events.filter((e): e is Extract<CrayonStreamEvent, { type: T }> => e.type === type);

function messageById<R extends Message["role"]>(messages: Message[], role: R, id: string) {
  const message = messages.find((m) => m.id === id);
  expect(message, `${role} message ${id}`).toMatchObject({ role });
  return message as Extract<Message, { role: R }>;
}

/** The tool call under `id`, and the assistant message that holds it. */
function toolCallById(messages: Message[], id: string) {
  const owner = messages.find(
    (m): m is AssistantMessage =>
      m.role === "assistant" && !!m.toolCalls?.some((call) => call.id === id),
  );
  expect(owner, `the assistant message holding tool call ${id}`).toBeDefined();
  return { owner: owner!, call: owner!.toolCalls!.find((call) => call.id === id)! };
}

/** Up to 400 offsets to cut a body of `length` bytes at: anywhere, inside frames and characters. */
const cutsOf = (length: number) =>
  fc.array(fc.integer({ min: 0, max: length }), { maxLength: Math.min(400, length) });

describe.each(cases)("$label", (fixture) => {
  const { label, lines, events: wire } = fixture;
  const expected = expectationsOf(wire);
  const body = utf8(sseBody(lines));
  let parsed: Promise<{ events: CrayonStreamEvent[]; messages: Message[] }> | undefined;
  /** The fixture read whole, once for all the checks. */
  const read = () => {
    parsed ??= parse([body]).then((events) => ({ events, messages: messagesOf(events) }));
    return parsed;
  };
  const conforms = !DEVIANT.has(label);

  if (conforms) {
    it("shows each message's text as its deltas stream it and as its done events give it", async () => {
      const { messages } = await read();
      for (const [id, text] of expected.streamed) {
        expect(messageById(messages, "assistant", id).content ?? "", id).toBe(text);
      }
      for (const [id, text] of expected.done) {
        expect(messageById(messages, "assistant", id).content ?? "", id).toBe(text);
      }
      for (const id of expected.refusals) {
        expect(messageById(messages, "assistant", id).metadata).toMatchObject({ refusal: true });
      }
    });

    it("keeps each message's citations as its sources, once each", async () => {
      const { messages } = await read();
      for (const id of expected.streamed.keys()) {
        const { sources } = messageById(messages, "assistant", id);
        expect(sources ?? [], id).toEqual(expected.sources.get(id) ?? []);
      }
    });
  }

  if (conforms && expected.reasoning.size > 0) {
    it("shows reasoning as its deltas stream it, parts a blank line apart, with its encrypted content", async () => {
      const { messages } = await read();
      for (const [id, { text, encrypted }] of expected.reasoning) {
        const reasoning: ReasoningMessage = messageById(messages, "reasoning", id);
        expect(reasoning.content, id).toBe(text);
        expect(reasoning.encryptedValue, id).toBe(encrypted);
        expect(reasoning.isThinking, id).toBe(false);
      }
    });
  }

  if (conforms && expected.functionCalls.length > 0) {
    it("shows each function call under its call_id, with its name and final arguments", async () => {
      const { messages } = await read();
      for (const { id, name, arguments: args } of expected.functionCalls) {
        expect(toolCallById(messages, id).call.function).toEqual({ name, arguments: args });
      }
    });
  }

  if (conforms && expected.appCalls.length > 0) {
    it("shows each tool the app runs under its call_id, its input in the arguments", async () => {
      const { messages } = await read();
      for (const { id, name, input } of expected.appCalls) {
        const { call } = toolCallById(messages, id);
        expect(call.function.name, id).toBe(name);
        expect(JSON.parse(call.function.arguments), id).toMatchObject(input!);
      }
    });
  }

  if (conforms && expected.outputs.size > 0) {
    it("gives a call the server ran the output it sent for it", async () => {
      const { messages } = await read();
      for (const [id, item] of expected.outputs) {
        const result = messages.find(
          (m): m is ToolMessage => m.role === "tool" && m.toolCallId === id,
        );
        expect(result, `the result of ${id}`).toBeDefined();
        const { content } = result!;
        const shown = typeof content === "string" ? content : JSON.stringify(content);
        for (const { stdout } of item.output ?? []) {
          // The output as sent, or inside the item as JSON.
          const found =
            shown.includes(stdout) || shown.includes(JSON.stringify(stdout).slice(1, -1));
          expect(found, `${id} shows ${JSON.stringify(stdout)}`).toBe(true);
        }
      }
    });
  }

  if (conforms && expected.hostedCalls.length > 0) {
    it("shows each tool the server ran as a tool call whose result is its finished item", async () => {
      const { messages } = await read();
      for (const { id, name, arguments: args, item, failed } of expected.hostedCalls) {
        const { call } = toolCallById(messages, id);
        expect(call.function.name, id).toBe(name);
        if (args !== undefined) expect(call.function.arguments, id).toBe(args);
        else expect(() => JSON.parse(call.function.arguments), id).not.toThrow();
        const results = messages.filter(
          (m): m is ToolMessage => m.role === "tool" && m.toolCallId === id,
        );
        expect(results, `results of ${id}`).toHaveLength(1);
        expect(JSON.parse(results[0]!.content as string), id).toEqual(item);
        expect(results[0]!.error !== undefined, `${id} failed`).toBe(failed);
      }
    });
  }

  if (conforms && expected.approvals.length > 0) {
    it("waits for the user on an MCP approval request", async () => {
      const { events, messages } = await read();
      for (const { id, name, arguments: args } of expected.approvals) {
        const { owner, call } = toolCallById(messages, id);
        expect(call).toMatchObject({
          function: { name, arguments: args },
          metadata: { approvalId: id },
        });
        expect(owner.status).toBe("awaiting_input");
      }
      expect(events.at(-1)).toMatchObject({ type: "run-finish", outcome: "interrupt" });
    });
  }

  const { ending } = expected;
  if (conforms && (ending.kind === "completed" || ending.kind === "length")) {
    it("ends with run-finish and the response's usage, and no error", async () => {
      const { events, messages } = await read();
      expect(ofType(events, "error")).toEqual([]);
      const finish = events.at(-1);
      expect(finish).toMatchObject({
        type: "run-finish",
        outcome: expected.approvals.length > 0 ? "interrupt" : "success",
      });
      expect(finish?.type === "run-finish" && finish.usage).toEqual(ending.usage ?? false);
      if (ending.kind === "length") {
        // Cut by max_output_tokens: kept as far as the model went, marked with why it stopped.
        const last = messages.filter((m) => m.role === "assistant").at(-1);
        expect(last).toMatchObject({ status: "complete", metadata: { finishReason: "length" } });
      }
    });
  }

  if (ending.kind === "error") {
    it("ends with a server error carrying the server's message, keeping the partial text", async () => {
      const { events, messages } = await read();
      const errors = ofType(events, "error");
      expect(errors.map((e) => e.code)).toEqual(["server_error"]);
      expect(errors[0]!.error).toContain(ending.message);
      expect(errors[0]!.messageId).toBe(expected.open);
      expect(events.at(-1)).toBe(errors[0]);
      if (expected.open) {
        expect(messageById(messages, "assistant", expected.open)).toMatchObject({
          status: "error",
          content: expected.streamed.get(expected.open),
        });
      }
    });

    if (ending.code) {
      it("names the error's code", async () => {
        const { events } = await read();
        expect(ofType(events, "error")[0]!.error).toContain(`(${ending.code})`);
      });
    }
  }

  it("gives the same events, so the same messages, however the body is split", async () => {
    const whole = (await read()).events;
    await fc.assert(
      fc.asyncProperty(cutsOf(body.length), async (cuts) => {
        expect(await parse(splitBytes(body, cuts))).toStrictEqual(whole);
      }),
      { seed: SEED, numRuns: 25 },
    );
  });

  // The gap is seen by the event after the dropped one, so neither the first nor the last goes.
  const numbered = wire.every((event) => typeof event.sequence_number === "number");
  if (numbered && wire.length >= 3) {
    it("says which event is missing when one is dropped, and still ends", async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: wire.length - 2 }), async (dropped) => {
          const kept = lines.filter((_, index) => index !== dropped);
          const events = await parse([utf8(sseBody(kept))]);
          const missing = wire[dropped]!.sequence_number!;
          expect(ofType(events, "error")).toContainEqual(
            expect.objectContaining({
              code: "malformed_event",
              error: expect.stringMatching(new RegExp(`\\b${missing}\\b`)),
            }),
          );
          expect(["run-finish", "error"]).toContain(events.at(-1)?.type);
          messagesOf(events); // and the accumulator takes what remains without throwing
        }),
        { seed: SEED, numRuns: Math.min(10, wire.length - 2) },
      );
    });
  }
});

describe("a proxy that renames the item in every event (recorded: GitHub Copilot)", () => {
  const copilot = cases.find((c) => DEVIANT.has(c.label))!;

  it("still shows the whole answer its done events carry, and finishes the run", async () => {
    // Every event names its item by a new id: deltas name items never added.
    const events = await parse([utf8(sseBody(copilot.lines))]);
    const messages = messagesOf(events);
    const answers = copilot.events
      .filter((event) => event.type === "response.output_text.done")
      .map((event) => event.text as string);
    const shown = messages.flatMap((m) => (m.role === "assistant" ? [m.content] : []));
    for (const answer of answers) expect(shown).toContain(answer);
    expect(events.at(-1)).toMatchObject({ type: "run-finish", outcome: "success" });
  });
});
