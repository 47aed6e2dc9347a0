// Transcripts scored by word error rate (NeMo Gym's asr_with_pc). The transcript is every output_text
// of the reply joined and stripped; the reference is expected_answer. Per row (task_type, else the
// server's):
//   ASR-PC          WER, WER_C, WER_PC and PER (scoring.ts); correct when WER_PC < 0.5.
//   ASR             standard WER only; correct when < 0.5; an empty normalised reference scores 0.
//   ASR_LEADERBOARD standard WER, plus wer_<suffix> / is_correct_<suffix> against each row field that
//                   reference_fields names (suffix: the name without a leading "text_").
//   Hallucination   characters per minute of audio_duration; correct at 1500 or below, or without a duration.
// Reward 1 when correct, else 0. Fields a task type does not compute are 0 or "" as in the reference.
import declaration, { AsrWithPcConfig } from "./declaration.ts";
import type { TaskType } from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { invalidRequest } from "../../../shared/server/errors.ts";
import { joinedOutputText } from "../../../shared/verifiers/assistant_text.ts";
import { pyStrip } from "../../../shared/verifiers/python_str.ts";
import { computeMetrics, keyMetrics } from "./metrics.ts";
import { evaluateAsr, evaluateAsrPc, evaluateHallucination } from "./scoring.ts";
import type { AsrPcScores } from "./scoring.ts";

/** The PC fields zeroed, for task types that compute standard WER or nothing. */
const withoutPc = (is_correct: boolean, text: string, pred_text: string, wer = 0): AsrPcScores => ({
  wer, wer_c: 0, wer_pc: 0, per: 0, is_correct, text, pred_text, ref_pc_tok: "", hyp_pc_tok: "", ref_c: "", hyp_c: "",
});

const standard = (reference: string, hypothesis: string) => {
  const asr = evaluateAsr(reference, hypothesis);
  return withoutPc(asr.is_correct === true, asr.text, asr.pred_text, asr.wer ?? 0);
};

const suffixOf = (field: string) => (field.startsWith("text_") ? field.slice("text_".length) : field);

/** wer_<suffix> and is_correct_<suffix> per named reference field; a field the row lacks (or not text) is a 400. */
function perReference(body: Record<string, unknown>, fields: readonly string[], hypothesis: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  fields.forEach((field, i) => {
    const value = Object.hasOwn(body, field) ? body[field] : undefined;
    if (value === undefined) throw invalidRequest([{ path: `reference_fields.${i}`, message: `ASR_LEADERBOARD: reference field "${field}" is not on the row` }]);
    if (value !== null && typeof value !== "string") throw invalidRequest([{ path: field, message: "a reference field holds a transcript (a string, or null)" }]);
    const scored = evaluateAsr(value ?? "", hypothesis);
    out[`wer_${suffixOf(field)}`] = scored.wer;
    out[`is_correct_${suffixOf(field)}`] = scored.is_correct;
  });
  return out;
}

const server = defineResourcesServer({
  declaration,
  tools: {},
  // pass@k over accuracy, per, no_answer (and hallucination_rate), corpus WER and the PC means: metrics.ts.
  scores: {},
  computeMetrics,
  keyMetrics,
  verify(body, { env }) {
    const hypothesis = pyStrip(joinedOutputText(body.response.output));
    const reference = pyStrip(body.expected_answer);
    const taskType: TaskType = body.task_type ?? instanceConfig(env, AsrWithPcConfig).task_type;
    let scores: AsrPcScores;
    let extra: Record<string, unknown> = {};
    if (taskType === "ASR-PC") scores = evaluateAsrPc(reference, hypothesis);
    else if (taskType === "ASR") scores = standard(reference, hypothesis);
    else if (taskType === "ASR_LEADERBOARD") {
      scores = standard(reference, hypothesis);
      extra = perReference(body, body.reference_fields ?? [], hypothesis);
    } else {
      const rate = evaluateHallucination(hypothesis, body.audio_duration);
      scores = withoutPc(rate.is_correct, reference, hypothesis);
      extra = { hallucination_rate: rate.hallucination_rate, char_rate: rate.char_rate };
    }
    return { reward: scores.is_correct ? 1 : 0, ...scores, hallucination_rate: null, char_rate: null, ...extra };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
