// HumanEval-Infilling (NeMo Gym's code_fim): the reply's last fenced block, trimmed of what it
// repeats of the task's prefix and suffix, is spliced between them; the task's test and
// check(entry_point) follow, and the program runs in the sandbox. Reward 1 iff it runs through
// within `timeout` ("passed"); status is the library's "passed", "timed out" or "failed: <error>".
import declaration, { CodeFimConfig } from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { runInSandbox } from "../../../shared/sandbox/client.ts";
import { LIMIT_MAXIMA } from "../../../shared/sandbox/schema.ts";
import { sandboxOf } from "../../../shared/sandbox/target.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { joinedOutputText } from "../../../shared/verifiers/assistant_text.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { completionOf, extractCodeStrict } from "./extract.ts";
import { checkProgram, checkRun, verdictOf } from "./program.ts";
import { problemsOf } from "../../../shared/datasets/human_eval_infilling/index.ts";
import { computeMetrics, keyMetrics } from "./metrics.ts";

// Every field NeMo Gym returns, null until the check gets that far.
const UNCHECKED = { reward: 0, extracted_model_output: null, extracted_model_code: null, completion: null, status: null, passed: false, metadata: null };

const server = defineResourcesServer({
  declaration,
  tools: {},
  scores: {},
  computeMetrics,
  keyMetrics,
  async verify(body, { env }) {
    const config = instanceConfig(env, CodeFimConfig);
    const taskId = body.verifier_metadata.task_id;
    const problem = (await problemsOf(config.split)).get(taskId);
    if (!problem) return { ...UNCHECKED, metadata: { error: `unknown task_id ${JSON.stringify(taskId)} for split ${JSON.stringify(config.split)}` } };
    // NeMo Gym grades the response's output_text: every output_text part, joined untrimmed.
    const reply = joinedOutputText(body.response.output);
    if (!reply) return UNCHECKED;
    const code = extractCodeStrict(reply);
    if (!code) return { ...UNCHECKED, extracted_model_output: reply };
    const completion = completionOf(code, problem.prompt, problem.suffix);
    // The harness waits timeout + 1 s; the rest is the interpreter's start and slack for a busy machine.
    const wall = Math.min(LIMIT_MAXIMA.wall_s, 2 * config.timeout + 3);
    const limits = { wall_s: wall, cpu_s: Math.min(LIMIT_MAXIMA.cpu_s, Math.ceil(wall)), memory_mb: config.memory_mb };
    const run = await runInSandbox(sandboxOf(config, env), checkRun(checkProgram(problem, completion), config.timeout, limits));
    const status = verdictOf(run.stdout);
    const passed = status === "passed";
    return { reward: passed ? 1 : 0, extracted_model_output: reply, extracted_model_code: code, completion, status, passed, metadata: null };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
