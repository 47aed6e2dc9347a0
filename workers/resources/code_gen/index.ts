// Competitive coding (LiveCodeBench / TACO rows, as NeMo Gym's code_gen reads them): the reply's
// last fenced code block is run in the sandbox against the row's unit tests and judged here;
// reward 1 only when every test passes.
import declaration, { CodeGenConfig } from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { assistantText } from "../../../shared/verifiers/assistant_text.ts";
import { extractCode } from "./extract.ts";
import { runTests } from "./run_tests.ts";

export default defineResourcesServer({
  declaration,
  tools: {},
  answerKey: "extracted_model_code",
  // NeMo Gym's code_gen get_key_metrics, without its per-difficulty subsets.
  keyMetrics: ["mean/input_tokens", "mean/output_tokens", { highestK: "pass@1[avg-of-{k}]", scores: ["accuracy"] }, { highestK: "pass@{k}", scores: ["accuracy"] }, { highestK: "majority@{k}", scores: ["accuracy"] }],
  async verify(body, { env }) {
    const config = instanceConfig(env, CodeGenConfig);
    const text = assistantText(body.response.output);
    const difficulty = body.verifier_metadata.difficulty ?? null;
    // As NeMo Gym: no text is reward 0 and nothing else; text without code adds only the text.
    if (!text) return { reward: 0, difficulty };
    const code = extractCode(text);
    if (!code) return { reward: 0, extracted_model_output: text, difficulty };
    const started = Date.now();
    const { result, metadata } = await runTests(code, body.verifier_metadata.unit_tests, config);
    return {
      reward: result.every((status) => status === true) ? 1 : 0,
      extracted_model_output: text,
      extracted_model_code: code,
      result,
      metadata,
      unit_tests_time_taken: (Date.now() - started) / 1000,
      difficulty,
    };
  },
});
