import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/swe_pivot/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";
import { CASES } from "./swe_pivot/reference_cases.ts";

const FIELDS = ["reward", "expected_answer", "model_output", "tool_name_match", "target_match", "similarity_score", "diff_size_penalty", "failure_reason", "uuid", "metadata"] as const;

async function verify(row: object, output: readonly unknown[], config: object = {}) {
  const res = await client(server, serverEnv("swe_pivot", { INSTANCE_CONFIG: config })).post("/verify", { responses_create_params: { input: "next step?" }, ...row, response: { id: "r1", output } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const fc = (name: string, args: unknown) => ({ type: "function_call", call_id: "c1", name, arguments: typeof args === "string" ? args : JSON.stringify(args) });
const edit = (args: object) => ({ expected_action: { type: "function_call", name: "str_replace_editor", arguments: JSON.stringify(args) } });

describe("swe_pivot: every verify field as NeMo Gym's app gives it", () => {
  for (const c of CASES) {
    test(c.name, async () => {
      const body = await verify(c.row, c.output, "config" in c ? c.config : {});
      const ours = Object.fromEntries(FIELDS.map((f) => [f, body[f]]));
      // Similarities and rewards are floats from the same operations: equal to the last bit.
      expect(ours).toEqual(c.expected);
    });
  }
});

describe("swe_pivot: similarity is difflib's ratio, on the first 2000 characters", () => {
  test("difflib's matching blocks, not an edit distance: 'abcd' vs 'dcba' is 0.25", async () => {
    const body = await verify(edit({ command: "str_replace", old_str: "abcd", new_str: "x" }), [fc("str_replace_editor", { command: "str_replace", old_str: "dcba", new_str: "x" })], { reward_mode: "continuous" });
    expect(body.similarity_score).toBe(0.25);
    expect(body.failure_reason).toBe("similarity_below_threshold");
  });

  test("text past 2000 characters is not compared", async () => {
    const head = "print('ok')\n".repeat(200).slice(0, 2000);
    const body = await verify(edit({ command: "str_replace", old_str: head + "A".repeat(3000), new_str: "y" }), [fc("str_replace_editor", { command: "str_replace", old_str: head + "B".repeat(3000), new_str: "y" })]);
    expect(body).toMatchObject({ reward: 1, similarity_score: 1 });
  });

  test("a 500 KB reply is verified in bounded time", async () => {
    const huge = "ab".repeat(250_000);
    const started = Date.now();
    const body = await verify(
      { expected_action: { type: "function_call", name: "execute_bash", arguments: JSON.stringify({ command: `grep -rn x ${"/a".repeat(1000)}` }) } },
      [fc("execute_bash", { command: `grep ${huge} ${"/b/".repeat(100_000)}` }), fc("execute_bash", { command: huge })],
    );
    expect(Date.now() - started).toBeLessThan(3000);
    expect(body.failure_reason).toBe("target_mismatch");
    const edited = await verify(edit({ command: "str_replace", old_str: huge, new_str: huge }), [fc("str_replace_editor", { command: "str_replace", old_str: huge, new_str: huge.slice(1) })]);
    expect(edited.reward).toBe(0);
    expect(Date.now() - started).toBeLessThan(6000);
  });
});

describe("swe_pivot: bad rows", () => {
  const output = [fc("execute_bash", { command: "ls" })];
  test.each([
    [{ expected_action: { type: "function_call", arguments: "{}" } }, "expected_action.name"],
    [{ expected_action: "execute_bash" }, "expected_action"],
    [{ metadata: { expected_action: { type: "function_call", name: 3 } } }, "metadata.expected_action.name"],
    [{ expected_answer: JSON.stringify({ type: "function_call" }) }, "expected_answer.name"],
    [{ expected_action: { type: "function_call", name: "ls" }, uuid: [1] }, "uuid"],
  ])("%j is a 400 naming %s", async (row, path) => {
    const res = await client(server, serverEnv("swe_pivot")).post("/verify", { responses_create_params: { input: "x" }, ...row, response: { id: "r", output } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(path);
  });
});
