// Competitive coding (LiveCodeBench / TACO rows, as NeMo Gym's code_gen reads them): the reply's
// last fenced code block is run in the sandbox against the row's unit tests and judged here;
// reward 1 only when every test passes. Failing code carries `error_feedback` for self-correcting
// agents (feedback.ts): the first failing test, its details only when the task shows that test.
import declaration, { CodeGenConfig } from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { sandboxOf } from "../../../shared/sandbox/target.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { assistantText } from "../../../shared/verifiers/assistant_text.ts";
import { extractCode } from "./extract.ts";
import { computeMetrics, keyMetrics } from "./metrics.ts";
import { NO_CODE_FEEDBACK, NO_REPLY_FEEDBACK, testsFeedback } from "./feedback.ts";
import { runTests } from "./run_tests.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

const server = defineResourcesServer({
  declaration,
  tools: {},
  // pass@k, majority@k and the per-difficulty ones come from the reference's score function (metrics.ts).
  scores: {},
  computeMetrics,
  keyMetrics,
  async verify(body, { env }) {
    const config = instanceConfig(env, CodeGenConfig);
    const text = assistantText(body.response.output);
    const difficulty = body.verifier_metadata.difficulty ?? null;
    // As NeMo Gym: no text is reward 0 and nothing else; text without code adds only the text
    // (each with the feedback).
    if (!text) return { reward: 0, difficulty, ...NO_REPLY_FEEDBACK };
    const code = extractCode(text);
    if (!code) return { reward: 0, extracted_model_output: text, difficulty, ...NO_CODE_FEEDBACK };
    const started = Date.now();
    const { result, metadata } = await runTests(code, body.verifier_metadata.unit_tests, config, sandboxOf(config, env));
    return {
      reward: result.every((status) => status === true) ? 1 : 0,
      extracted_model_output: text,
      extracted_model_code: code,
      result,
      metadata,
      unit_tests_time_taken: (Date.now() - started) / 1000,
      difficulty,
      ...testsFeedback({ result, metadata }, body.verifier_metadata.unit_tests, body.responses_create_params),
    };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
