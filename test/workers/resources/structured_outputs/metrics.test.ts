// structured_outputs' aggregate metrics as NeMo Gym's compute_metrics reports them: a mean reward
// per schema type (rows without one under "unknown"), per problem type, per schema
// representation and per tool-call setting a row names; they are key metrics too (every mean/*).
import { expect, test } from "vitest";
import server from "../../../../workers/resources/structured_outputs/index.ts";
import { client, serverEnv } from "../../../workerd/helpers.ts";

const rollout = (task: number, rollout: number, reward: number, fields: Record<string, unknown>) => ({ _ng_task_index: task, _ng_rollout_index: rollout, reward, ...fields });

test("mean reward per schema type, problem type, representation and tool-call setting", async () => {
  const responses = [
    rollout(0, 0, 1, { schema_type: "json", problem_type: "extraction", schema_repr: "pydantic", parallel_tool_calls: true, num_tools: 3 }),
    rollout(0, 1, 0, { schema_type: "json", problem_type: "extraction", schema_repr: "pydantic", parallel_tool_calls: true, num_tools: 3 }),
    rollout(1, 0, 1, { schema_type: "yaml", response_mode: "tool_call", tool_choice: "required", has_distractors: false, problem_type: "" }),
    rollout(1, 1, 1, { response_mode: "tool_call", tool_choice: "required", has_distractors: false }),
  ];
  const res = await client(server, serverEnv("structured_outputs")).post("/aggregate_metrics", { verify_responses: responses });
  expect(res.status).toBe(200);
  const expected = {
    "mean/reward_json": 0.5,
    "mean/reward_yaml": 1,
    "mean/reward_unknown": 1,
    "mean/reward_extraction": 0.5,
    "mean/reward_repr_pydantic": 0.5,
    "mean/reward_response_mode_tool_call": 1,
    "mean/reward_tool_choice_required": 1,
    "mean/reward_parallel_tool_calls_true": 0.5,
    "mean/reward_num_tools_3": 0.5,
    "mean/reward_has_distractors_false": 1,
  };
  expect(res.body.agent_metrics).toMatchObject(expected);
  expect(res.body.key_metrics).toMatchObject(expected);
  // An empty problem type names no group.
  expect(Object.keys(res.body.agent_metrics)).not.toContain("mean/reward_");
});
