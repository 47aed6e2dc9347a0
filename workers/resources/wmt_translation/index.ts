// Machine translation graded against the row's reference translation: the reply (after a
// reasoning preamble, when strip_reasoning) is the generation; reward = sentence chrF / 100 (both
// sides NFC-normalised), with sentence spBLEU (flores200 SentencePiece), an optional COMET score
// from a configured model server, and corpus chrF/spBLEU per language pair in the metrics.
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { joinedOutputText } from "../../../shared/verifiers/assistant_text.ts";
import { sentenceChrf } from "./chrf.ts";
import { cometScore } from "./comet.ts";
import declaration, { WmtTranslationConfig } from "./declaration.ts";
import { translationMetrics } from "./metrics.ts";
import { pyStrip } from "../../../shared/verifiers/python_str.ts";
import { MISSING_MODEL, flores200, sentenceSpbleu } from "./spbleu.ts";

/**
 * The answer after the last </think>; nothing when a <think> never closed (the reply was cut off
 * mid-reasoning); the reply as it is otherwise.
 */
export function withoutReasoning(text: string): string {
  const close = text.lastIndexOf("</think>");
  if (close >= 0) return text.slice(close + "</think>".length).replace(/^\n+/, "");
  return text.includes("<think>") ? "" : text;
}

const server = defineResourcesServer({
  declaration,
  tools: {},
  answerKey: "generation",
  computeMetrics: (tasks, env) => translationMetrics(tasks, instanceConfig(env, WmtTranslationConfig)),
  // NeMo's get_key_metrics: the global and English-source aggregates that exist.
  keyMetrics: ["xx->xx", "en->xx", "eng_Latn->xx"].flatMap((level) => ["chrF", "spBLEU", "comet", "language_consistency"].map((name) => `${level}/${name}`)),
  async verify(body, { env }) {
    const config = instanceConfig(env, WmtTranslationConfig);
    const tokenizer = flores200(config);
    const raw = joinedOutputText(body.response.output);
    const generation = pyStrip(config.strip_reasoning ? withoutReasoning(raw) : raw);
    const spbleuMissing = tokenizer ? {} : { sentence_spbleu_error: MISSING_MODEL };
    if (!generation) {
      return { reward: 0, generation: "", sentence_chrf: 0, sentence_spbleu: tokenizer ? 0 : null, ...spbleuMissing, comet_score: null, language_consistency_score: null };
    }
    const hypothesis = generation.normalize("NFC");
    const reference = body.translation.normalize("NFC");
    const chrf = sentenceChrf(hypothesis, reference);
    const comet =
      config.compute_comet && config.comet_server_url
        ? await cometScore(config.comet_server_url, config.comet_model, config.comet_batch_size, { src: body.text, mt: generation, ref: body.translation })
        : null;
    return {
      reward: chrf / 100,
      generation,
      sentence_chrf: chrf,
      sentence_spbleu: tokenizer ? sentenceSpbleu(tokenizer, hypothesis, reference) : null,
      ...spbleuMissing,
      comet_score: comet,
      language_consistency_score: null,
    };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
