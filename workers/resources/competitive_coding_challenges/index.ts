// competitive_coding_challenges (NeMo Gym's name): the reply's last ```cpp block (else the whole
// reply), with the reference's headers added, is compiled once with g++ in the sandbox and run on
// the problem's tests (the row's subtask's, else all), each in a fresh sandbox with the test's
// input on stdin under the problem's time limit times time_scale; its output is compared here with
// the expected one as `diff -b` compares them (compare.ts), so the expected outputs never reach the
// program and nothing it prints can pass for a verdict. Subtasks score as the reference's "min" and
// "sum_tests" aggregations; the reward is binary (full marks) or the fraction of tests passed
// (reward_mode). Beside the row's own fields: details (name, subtask, test_case_results,
// num_tests_run, total/mean_test_execution_time_s) and the three counts again at the top level. A
// sandbox that cannot run the program fails the row (sandbox_failed): never a score.
import declaration, { CccConfig } from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { sandboxOf } from "../../../shared/sandbox/target.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { assistantText } from "../../../shared/verifiers/assistant_text.ts";
import { evaluate } from "./evaluate.ts";
import { finalCppBlock, withIncludes } from "./extract.ts";
import { computeMetrics, keyMetrics } from "./metrics.ts";
import { reward } from "./reward.ts";

const server = defineResourcesServer({
  declaration,
  tools: {},
  // pass@k of the reference's accuracy and the competition score come from metrics.ts.
  scores: {},
  computeMetrics,
  keyMetrics,
  async verify(body, { env }) {
    const config = instanceConfig(env, CccConfig);
    const code = withIncludes(finalCppBlock(assistantText(body.response.output)), body.test_metadata.problem_header_include);
    const details = await evaluate(body, code, config, sandboxOf(config, env));
    return {
      name: body.name || body.problem_id,
      reward: reward(body, details, config.reward_mode),
      details,
      num_tests_run: details.num_tests_run,
      total_test_execution_time_s: details.total_test_execution_time_s,
      mean_test_execution_time_s: details.mean_test_execution_time_s,
    };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
