// A resources server's /aggregate_metrics: NeMo Gym's request and response contract, with the
// per-task statistics and pass@k / majority@k computed by hand in the comments.
import { describe, expect, test } from "vitest";
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const withAnswers = defineResourcesServer({ declaration: resourcesServer({ task: z.object({}) }), tools: {}, answerKey: "extracted_answer", verify: () => ({ reward: 1 }) });
const withoutAnswers = defineResourcesServer({ declaration: resourcesServer({ task: z.object({}) }), tools: {}, verify: () => ({ reward: 1 }) });

const usage = (input: number, output: number) => ({ input_tokens: input, input_tokens_details: { cached_tokens: 0 }, output_tokens: output, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: input + output });
// Stripped verify responses as the collector sends them, out of order.
const rollout = (task: number, index: number, reward: number, answer: string | null) => ({
  _ng_task_index: task,
  _ng_rollout_index: index,
  agent_ref: { name: "agent" },
  reward,
  extracted_answer: answer,
  correct: reward === 1,
  response: { usage: usage(10 + index, 5) },
});
const responses = [
  rollout(1, 3, 0, null), rollout(0, 0, 1, "A"), rollout(0, 1, 0, "B"), rollout(0, 2, 1, "A"), rollout(0, 3, 1, "A"),
  rollout(1, 0, 0, "C"), rollout(1, 1, 0, "C"), rollout(1, 2, 1, "D"),
];

describe("/aggregate_metrics", () => {
  test("an environment with no scores and no answer key reports no pass@k at all", async () => {
    const unscored = defineResourcesServer({ declaration: resourcesServer({ task: z.object({}) }), tools: {}, scores: {}, verify: () => ({ reward: 1 }) });
    const res = await client(unscored, serverEnv("env")).post("/aggregate_metrics", { verify_responses: responses });
    expect(res.status).toBe(200);
    expect(res.body.agent_metrics["mean/reward"]).toBe(0.5);
    expect(Object.keys(res.body.agent_metrics).filter((key) => key.includes("@") || key === "per_sample_aggregate")).toEqual([]);
  });

  test("an environment's compute_metrics: tasks in order with rollouts in order; its per_task_metrics join their tasks", async () => {
    const seen: unknown[] = [];
    const custom = defineResourcesServer({
      declaration: resourcesServer({ task: z.object({}) }),
      tools: {},
      keyMetrics: ["answered"],
      computeMetrics(tasks) {
        seen.push(tasks.map((task) => task.map((r) => `${r._ng_task_index}:${r._ng_rollout_index}`)));
        const all = tasks.flat();
        return {
          answered: all.filter((r) => r.extracted_answer !== null).length / all.length,
          per_task_metrics: tasks.map((task) => ({ _ng_task_index: task[0]!._ng_task_index, distinct_answers: new Set(task.map((r) => r.extracted_answer)).size })),
        };
      },
      verify: () => ({ reward: 1 }),
    });
    const res = await client(custom, serverEnv("env")).post("/aggregate_metrics", { verify_responses: responses });
    expect(res.status).toBe(200);
    expect(seen).toEqual([[["0:0", "0:1", "0:2", "0:3"], ["1:0", "1:1", "1:2", "1:3"]]]);
    expect(res.body.agent_metrics).toMatchObject({ answered: 7 / 8, "mean/reward": 0.5 });
    expect(res.body.agent_metrics.per_task_metrics).toBeUndefined();
    expect(res.body.group_level_metrics.map((g: any) => g.distinct_answers)).toEqual([2, 3]);
    expect(res.body.key_metrics).toEqual({ answered: 7 / 8 });
  });

  test("per-task statistics with NeMo Gym's group fields, agent statistics, pass@k and majority@k, key metrics", async () => {
    const res = await client(withAnswers, serverEnv("env")).post("/aggregate_metrics", { verify_responses: responses });
    expect(res.status).toBe(200);
    const { group_level_metrics: groups, agent_metrics: agent, key_metrics: key } = res.body;

    expect(groups.map((g: any) => g._ng_task_index)).toEqual([0, 1]);
    // task 0: rewards 1, 0, 1, 1 -> mean 0.75, sample std 0.5; input tokens 10..13 -> median 11.5
    expect(groups[0]).toMatchObject({ "mean/reward": 0.75, "median/reward": 1, "std/reward": 0.5, "mean/correct": 0.75, "median/input_tokens": 11.5, num_rollouts: 4 });
    // Was expected absent (to keep the answer small); NeMo Gym lists every rollout, and so do we.
    expect(groups[0].rollout_infos.map((r: any) => r.rollout_id)).toEqual(["0:0", "0:1", "0:2", "0:3"]);
    // Every response sent is a rollout of its task, so none is missing; the sample is NeMo Gym's placeholder row.
    expect(groups[0]).toMatchObject({ sample: { agent_ref: { name: "agent" } }, expected_num_rollouts: 4, missing_num_rollouts: 0, reward_profile_completion_pct: 100 });
    expect(groups[1]).toMatchObject({ "mean/reward": 0.25, "max/reward": 1, num_rollouts: 4 });

    expect(agent["mean/reward"]).toBe(0.5);
    expect(agent["std/reward"]).toBeCloseTo(Math.sqrt(2 / 7)); // 4 ones and 4 zeros: 8 * 0.25 / 7
    // pass@1 = (0.75 + 0.25) / 2; pass@2 = (1 + (1 - C(3,2)/C(4,2))) / 2 = 0.75; pass@4 = 1
    expect(agent["pass@1/accuracy"]).toBeCloseTo(50);
    expect(agent["pass@2/accuracy"]).toBeCloseTo(75);
    expect(agent["pass@4/accuracy"]).toBeCloseTo(100);
    // first two rollouts: task 0 (1, 0), task 1 (0, 0) -> (0.5 + 0) / 2
    expect(agent["pass@1[avg-of-2]/accuracy"]).toBeCloseTo(25);
    // majority@4: A (right) wins task 0, C (wrong) wins task 1
    expect(agent["majority@4/accuracy"]).toBeCloseTo(50);
    expect(agent["majority@2/accuracy"]).toBeCloseTo(25);
    expect(agent["pass@1[avg-of-4]/no_answer"]).toBeCloseTo(12.5);
    expect(agent.per_sample_aggregate.accuracy).toEqual([50, 0, 100, 50]);

    // Was mean reward and tokens plus pass@k at the highest k for every server; NeMo Gym's default
    // (a server that declares none) is every mean/ entry.
    expect(key).toEqual({ "mean/reward": 0.5, "mean/correct": 0.5, "mean/input_tokens": 11.5, "mean/output_tokens": 5, "mean/total_tokens": 16.5 });
    expect(Object.keys(key)).toEqual(Object.keys(agent).filter((k) => k.startsWith("mean/")));
  });

  test("without an answer key there is pass@k but no majority@k", async () => {
    const res = await client(withoutAnswers, serverEnv("env")).post("/aggregate_metrics", { verify_responses: responses });
    expect(res.body.agent_metrics["pass@4/accuracy"]).toBeCloseTo(100);
    expect(Object.keys(res.body.agent_metrics).filter((k) => k.includes("majority") || k.includes("no_answer"))).toEqual([]);
  });

  test("rows without indices are one task, as in NeMo Gym; none at all is empty metrics", async () => {
    const c = client(withoutAnswers, serverEnv("env"));
    const one = await c.post("/aggregate_metrics", { verify_responses: [{ reward: 1 }, { reward: 0 }] });
    expect(one.body.group_level_metrics).toHaveLength(1);
    expect(one.body.agent_metrics["mean/reward"]).toBe(0.5);
    const none = await c.post("/aggregate_metrics", { verify_responses: [] });
    expect(none.body).toEqual({ group_level_metrics: [], agent_metrics: {}, key_metrics: {} });
  });

  test("a response without a numeric reward is a 400 naming the field", async () => {
    const res = await client(withoutAnswers, serverEnv("env")).post("/aggregate_metrics", { verify_responses: [{ reward: 1 }, { reward: "1" }] });
    expect(res.status).toBe(400);
    expect(res.body.error.issues[0].path).toBe("verify_responses[1].reward");
  });
});
