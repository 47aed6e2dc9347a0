import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/graphwalks/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const row = {
  responses_create_params: { input: [{ role: "user", content: "Adjacency list:\na -> b, c\nb -> d\nc -> d\n\nOperation: Find the parents of node d." }] },
  expected_answer: '["b", "c"]',
  problem_type: "parents",
};

const message = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] });

const verify = (texts: string[], fields: Record<string, unknown> = {}) =>
  client(server, serverEnv("graphwalks")).post("/verify", { ...row, ...fields, response: { id: "r1", output: texts.map(message) } });

describe("graphwalks: the final line", () => {
  test("every field; the optional counts default to null", async () => {
    const res = await verify(["Both b and c point to d.\n\nFinal Answer: [c, b]\n"]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...row, n_tokens: null, prompt_chars: null, reward: 1, f1: 1, parse_failed: false, predicted_nodes: ["c", "b"] });
  });

  test("only the last non-empty line counts", async () => {
    expect((await verify(["Final Answer: [b, c]\nI am not sure."])).body).toMatchObject({ reward: 0, parse_failed: true, predicted_nodes: [] });
  });

  test("partial credit is F1; duplicates count once; quotes are kept (graphwalks does not strip them)", async () => {
    expect((await verify(["Final Answer: [b, e]"])).body.f1).toBe(0.5);
    expect((await verify(["Final Answer: [b, b, c]"])).body).toMatchObject({ f1: 1, predicted_nodes: ["b", "b", "c"] });
    expect((await verify(['Final Answer: ["b", "c"]'])).body).toMatchObject({ f1: 0, predicted_nodes: ['"b"', '"c"'] });
  });

  test("the capture runs to the line's last ]; a label without [ is skipped", async () => {
    expect((await verify(["Final Answer: maybe. Final Answer: [b, c] (see [1])"])).body.predicted_nodes).toEqual(["b", "c] (see [1"]);
  });

  test("an explicit [] is an answer: 1 against an empty set, 0 against a non-empty one", async () => {
    expect((await verify(["Final Answer: []"], { expected_answer: "[]" })).body).toMatchObject({ reward: 1, parse_failed: false });
    expect((await verify(["Final Answer: [ ]"])).body).toMatchObject({ reward: 0, parse_failed: false });
  });

  test("an expected answer that is not a JSON list: a string is its characters, junk is the empty set", async () => {
    expect((await verify(["Final Answer: [b, c]"], { expected_answer: '"bc"' })).body.reward).toBe(1);
    expect((await verify(["Final Answer: []"], { expected_answer: "not json" })).body.reward).toBe(1);
    expect((await verify(["Final Answer: [1]"], { expected_answer: "[1]" })).body.reward).toBe(0);
  });
});

describe("graphwalks: bad rows and long replies", () => {
  test("a row without problem_type is a 400 naming the field", async () => {
    const res = await client(server, serverEnv("graphwalks")).post("/verify", { ...row, problem_type: undefined, response: { id: "r1", output: [message("x")] } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("problem_type");
  });

  test.each([
    ["unclosed labels", "Final Answer: [".repeat(35_000)],
    ["spaces", " ".repeat(500_000) + "x"],
    ["a huge list", `Final Answer: [${"n, ".repeat(160_000)}b, c]`],
  ])("a 500 KB reply of %s is graded fast", async (_name, text) => {
    const started = performance.now();
    const res = await verify([text]);
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
