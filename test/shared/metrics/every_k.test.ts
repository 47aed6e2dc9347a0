// /aggregate_metrics for rollout counts that are not powers of two: pass@k, pass@1[avg-of-k] and
// majority@k at every k from 1 to n, as NeMo Gym reports them, and its per-task group fields.
import { describe, expect, test } from "vitest";
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const server = defineResourcesServer({ declaration: resourcesServer({ task: z.object({}) }), tools: {}, answerKey: "extracted_answer", verify: () => ({ reward: 0 }) });

// One task of n rollouts, the first `correct` of them right with answer "R", the rest wrong with "W".
const task = (index: number, n: number, correct: number) =>
  Array.from({ length: n }, (_, r) => ({ _ng_task_index: index, _ng_rollout_index: r, reward: r < correct ? 1 : 0, extracted_answer: r < correct ? "R" : "W" }));

async function aggregate(verifyResponses: object[]) {
  const res = await client(server, serverEnv("env")).post("/aggregate_metrics", { verify_responses: verifyResponses });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { group_level_metrics: Record<string, any>[]; agent_metrics: Record<string, any> };
}

const ksOf = (metrics: Record<string, unknown>, pattern: RegExp) => Object.keys(metrics).flatMap((k) => (pattern.exec(k) ? [Number(pattern.exec(k)![1])] : []));

describe("every k from 1 to n", () => {
  test.each([3, 5, 6])("n = %i: pass@n, pass@1[avg-of-n] and majority@n are there, and every k below", async (n) => {
    const { agent_metrics: agent } = await aggregate(task(0, n, 2));
    const every = Array.from({ length: n }, (_, i) => i + 1);
    expect(ksOf(agent, /^pass@(\d+)\/accuracy$/)).toEqual(every);
    expect(ksOf(agent, /^pass@1\[avg-of-(\d+)\]\/accuracy$/)).toEqual(every);
    expect(ksOf(agent, /^majority@(\d+)\/accuracy$/)).toEqual(every);
    expect(ksOf(agent, /^pass@1\[avg-of-(\d+)\]\/accuracy\/std_dev_across_runs$/)).toEqual(every.slice(1));
    expect(agent[`pass@${n}/accuracy`]).toBe(100);
    expect(agent[`pass@1[avg-of-${n}]/accuracy`]).toBeCloseTo((100 * 2) / n);
    expect(agent[`pass@${n + 1}/accuracy`]).toBeUndefined();
  });

  test("the unbiased estimator at k that are not powers of two, by hand", async () => {
    const five = (await aggregate(task(0, 5, 2))).agent_metrics;
    expect(five["pass@3/accuracy"]).toBeCloseTo(90); // 1 - C(3,3)/C(5,3) = 1 - 1/10
    expect(five["pass@4/accuracy"]).toBe(100); // 3 wrong cannot fill 4 draws
    const six = (await aggregate(task(0, 6, 1))).agent_metrics;
    expect(six["pass@5/accuracy"]).toBeCloseTo((100 * 5) / 6); // 1 - C(5,5)/C(6,5)
    expect(six["pass@3/accuracy"]).toBeCloseTo(50); // 1 - C(5,3)/C(6,3) = 1 - 10/20
    // majority@3 over R W W: W (wrong) wins; majority@6 too
    expect(six["majority@3/accuracy"]).toBe(0);
    expect(six["majority@1/accuracy"]).toBe(100);
  });

  test("tasks with different numbers of rollouts: pass@k over the tasks that have k, averages over all", async () => {
    const { agent_metrics: agent } = await aggregate([...task(0, 3, 0), ...task(1, 5, 5)]);
    expect(agent["pass@3/accuracy"]).toBe(50);
    expect(agent["pass@5/accuracy"]).toBe(100); // task 1 only
    expect(agent["pass@1[avg-of-5]/accuracy"]).toBe(50); // task 0 keeps its 3
    expect(agent["majority@5/accuracy"]).toBe(50);
  });
});

describe("group_level_metrics fields, as NeMo Gym's /aggregate_metrics writes them", () => {
  test("NeMo Gym's fields in its order, rollout_infos by rollout index", async () => {
    const rows = [...task(1, 5, 2), ...task(0, 3, 1)].reverse();
    const { group_level_metrics: groups } = await aggregate(rows);
    expect(groups.map((g) => g._ng_task_index)).toEqual([0, 1]);
    const [three, five] = groups;
    expect(Object.keys(three!).filter((k) => !k.includes("/"))).toEqual([
      "_ng_task_index", "sample", "num_rollouts", "expected_num_rollouts", "missing_num_rollouts", "reward_profile_completion_pct", "rollout_infos",
    ]);
    expect(three).toMatchObject({ sample: { agent_ref: { name: "agent" } }, num_rollouts: 3, expected_num_rollouts: 3, missing_num_rollouts: 0, reward_profile_completion_pct: 100 });
    expect(five).toMatchObject({ num_rollouts: 5, expected_num_rollouts: 5, missing_num_rollouts: 0, "mean/reward": 0.4 });
    expect(five!.rollout_infos.map((r: any) => r.rollout_id)).toEqual(["1:0", "1:1", "1:2", "1:3", "1:4"]);
    expect(five!.rollout_infos[1]).toEqual({ rollout_id: "1:1", _ng_task_index: 1, _ng_rollout_index: 1, reward: 1 });
  });

  test("a task missing some rollout indices counts only the ones sent, as NeMo Gym's does", async () => {
    // NeMo Gym's /aggregate_metrics expects as many rollouts per task as it was sent: a gap in the
    // indices (a rollout that failed) is not missing there; X_reward_profiling.jsonl counts it.
    const rows = task(0, 6, 3).filter((r) => r._ng_rollout_index !== 4);
    const [group] = (await aggregate(rows)).group_level_metrics;
    expect(group).toMatchObject({ num_rollouts: 5, expected_num_rollouts: 5, missing_num_rollouts: 0, reward_profile_completion_pct: 100 });
    expect(group!.rollout_infos.map((r: any) => r._ng_rollout_index)).toEqual([0, 1, 2, 3, 5]);
  });
});
