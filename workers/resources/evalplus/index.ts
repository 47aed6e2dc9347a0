// HumanEval+ / MBPP+ style (EvalPlus): the reply's last fenced python block defines the row's
// entry_point (after the task's prompt, when the row has one and the block does not start with it,
// as NeMo Gym runs it); it is called in the sandbox with each base test's arguments, then each
// plus test's, and the results are compared here with the row's outputs or, where it gives none,
// with what the task's canonical_solution returns (EvalPlus's ground truth). Two named scores
// (reward_components): base (every base test passes) and plus (every base and every plus test
// passes, as EvalPlus's "base + extra"), also as NeMo Gym's is_correct and is_correct_plus; the
// reward is plus.
import declaration, { EvalPlusConfig, testLists } from "./declaration.ts";
import type { Test, TestList } from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { sandboxOf } from "../../../shared/sandbox/target.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { assistantText } from "../../../shared/verifiers/assistant_text.ts";
import { extractCode } from "./extract.ts";
import { referenceOutputs, runList } from "./run_tests.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { computeMetrics, keyMetrics } from "./metrics.ts";

const server = defineResourcesServer({
  declaration,
  tools: {},
  // pass@k and majority@k of the base and plus verdicts come from the reference's score function (metrics.ts).
  scores: {},
  computeMetrics,
  keyMetrics,
  async verify(body, { env }) {
    const config = instanceConfig(env, EvalPlusConfig);
    const metadata = body.verifier_metadata;
    const text = assistantText(body.response.output);
    const code = text ? extractCode(text) : "";
    const none = { reward: 0, reward_components: { base: 0, plus: 0 }, base_status: "fail", plus_status: "fail", is_correct: false, is_correct_plus: false };
    if (!code) return { ...none, ...(text ? { extracted_model_output: text } : {}) };
    const prompt = metadata.prompt ?? "";
    const solution = code.startsWith(prompt) ? code : prompt + code;
    const sandbox = sandboxOf(config, env);
    const tests = async (list: TestList): Promise<Test[]> => {
      const outputs = list.outputs ?? (await referenceOutputs(prompt + metadata.canonical_solution!, metadata.entry_point, list.inputs, config, sandbox));
      return list.inputs.map((input, i) => ({ input, output: outputs[i] }));
    };
    const lists = testLists(metadata);
    const [base, plus] = await Promise.all([tests(lists.base), tests(lists.plus)]);
    const baseOutcome = await runList(solution, metadata.entry_point, base, metadata.atol, config, sandbox);
    const plusOutcome = await runList(solution, metadata.entry_point, plus, metadata.atol, config, sandbox);
    const baseScore = baseOutcome.status === "pass" ? 1 : 0;
    const plusScore = baseScore === 1 && plusOutcome.status === "pass" ? 1 : 0;
    return {
      reward: plusScore,
      reward_components: { base: baseScore, plus: plusScore },
      base_status: baseOutcome.status,
      plus_status: plusOutcome.status,
      is_correct: baseScore === 1,
      is_correct_plus: plusScore === 1,
      base_details: baseOutcome.details,
      plus_details: plusOutcome.details,
      base_first_failure: baseOutcome.first_failure,
      plus_first_failure: plusOutcome.first_failure,
      extracted_model_output: text,
      extracted_model_code: code,
    };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
