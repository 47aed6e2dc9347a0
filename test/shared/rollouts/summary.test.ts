import { describe, expect, test } from "vitest";
import { outcomeFields, promptOf, taskOf } from "../../../shared/rollouts/summary.ts";

describe("a rollout's summary fields", () => {
  const row = { responses_create_params: { input: [{ role: "system", content: "rules" }, { role: "user", content: [{ type: "input_text", text: "Solve" }] }] }, seed: 1 };

  test("a task is its _ng_task_index, else the row without its agent and bookkeeping", () => {
    expect(taskOf({ ...row, _ng_task_index: 7 })).toBe("7");
    // One prompt, two seeds: two tasks (sokoban's rows).
    expect(taskOf(row)).not.toBe(taskOf({ ...row, seed: 2 }));
    // The same row run by another agent, as another repeat: the same task.
    expect(taskOf({ ...row, agent_ref: { name: "a" }, _ng_rollout_index: 3 })).toBe(taskOf(row));
    expect(taskOf(row)).toMatch(/^#[0-9a-f]{8}$/);
  });

  test("the prompt is the last user message's text", () => {
    expect(promptOf(row)).toBe("Solve");
    expect(promptOf({ responses_create_params: { input: "plain" } })).toBe("plain");
    expect(promptOf({})).toBeNull();
  });

  test("a line without a reward or with a failure class is a failure, never a reward of 0", () => {
    expect(outcomeFields({ reward: 0 })).toMatchObject({ status: "done", reward: 0, failure_class: null });
    expect(outcomeFields({})).toMatchObject({ status: "failed", reward: null, failure_class: "no_reward" });
    expect(outcomeFields({ reward: 1, _ng_failure_class: "judge_failed" })).toMatchObject({ status: "failed", reward: null, failure_class: "judge_failed" });
  });
});
