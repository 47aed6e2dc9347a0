import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/single_step_tool_use_with_argument_comparison/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";
import { CASES } from "./single_step_tool_use_with_argument_comparison/reference_cases.ts";

const DEFAULT = { tool_call_comparator_config: { word_count_similarity_threshold: 0.1 } };

async function verify(expected_action: unknown, output: readonly unknown[], config: object = DEFAULT) {
  const env = serverEnv("single_step_tool_use_with_argument_comparison_resources_server", { INSTANCE_CONFIG: config });
  return client(server, env).post("/verify", { responses_create_params: { input: "next?" }, expected_action, response: { id: "r1", output } });
}

const fc = (name: string, args: unknown) => ({ type: "function_call", call_id: "c", name, arguments: typeof args === "string" ? args : JSON.stringify(args) });

describe("single_step_tool_use_with_argument_comparison: reward and category as NeMo Gym's comparator gives them", () => {
  for (const c of CASES) {
    test(c.name, async () => {
      const res = await verify(c.expected, c.output, { tool_call_comparator_config: c.config });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect({ reward: res.body.reward, category: res.body.category }).toEqual(c.result);
    });
  }
});

describe("single_step_tool_use_with_argument_comparison: verify", () => {
  test("the row comes back with reward and category", async () => {
    const expected = { type: "function_call", name: "lookup_member", arguments: '{"member_id": "LM-1"}' };
    const res = await verify(expected, [fc("lookup_member", { member_id: "LM-1" })]);
    expect(res.body).toMatchObject({ expected_action: expected, reward: 1, category: "A tool call that matches the expected tool call was found" });
  });

  test("a 500 KB reply, or thousands of calls, verify in bounded time", async () => {
    const started = Date.now();
    const words = "lorem ipsum ".repeat(45_000);
    const text = await verify({ type: "function_call", name: "note", arguments: JSON.stringify({ text: "lorem dolor" }) }, [fc("note", { text: words })]);
    // 1 word shared of 2 + 90000: below any threshold.
    expect(text.body).toMatchObject({ reward: 0, category: "An argument value in a tool call is different than the expected value" });
    const many = Array.from({ length: 5000 }, (_, i) => fc("f", { a: i }));
    const batch = { type: "function_call_batch", calls: Array.from({ length: 20 }, (_, i) => ({ type: "function_call", name: "f", arguments: JSON.stringify({ a: i * 7 }) })) };
    const res = await verify(batch, many, { tool_call_comparator_config: { word_count_similarity_threshold: 0.1, parallel_tool_call_rewarding: true, allow_superset: true, parallel_tool_call_reward_mode: "f1" } });
    expect(res.body.reward).toBeCloseTo(40 / 5020, 12);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  test.each([
    [{ type: "function_call", name: "f", arguments: "{not json" }, "expected_action.arguments"],
    [{ type: "function_call", arguments: "{}" }, "expected_action.name"],
    [{ type: "function_call_batch", calls: [] }, "expected_action.calls"],
    [{ type: "tool", name: "f" }, "expected_action.type"],
    [{ type: "message" }, "expected_action.content"],
  ])("a bad expected action %j is a 400 naming %s", async (action, path) => {
    const res = await verify(action, [fc("f", {})]);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(path);
  });

  test("an instance without its comparator config is misconfigured", async () => {
    const res = await verify({ type: "message", content: "hi" }, [], {});
    expect(res.status).toBe(500);
    expect(res.body.error.message).toContain("tool_call_comparator_config");
  });
});
