// wmt_translation: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { InlinedFiles } from "../../../shared/judge/files.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";

/** The language-consistency backends NeMo's server knows; neither can run inside a Worker. */
export const LANGUAGE_CONSISTENCY_BACKENDS: Record<string, string> = {
  wmt24pp_cld2: "Google's CLD2 detector, a C++ library",
  flores_glotlid: "the GlotLID fastText model (cis-lmu/glotlid model_v3.bin, 1.6 GB)",
};

export const WmtTranslationConfig = ResourcesServerConfig.safeExtend({
  compute_comet: z.boolean().default(true),
  comet_model: z.string().default("Unbabel/XCOMET-XXL"),
  comet_batch_size: z.number().int().positive().default(16),
  comet_num_shards: z.number().int().positive().default(8),
  /**
   * Ours: the COMET model server that scores a row (POST {model, batch_size, data: [{src, mt, ref}]}
   * -> {scores: [..]}, unbabel-comet's predict). Unset, comet_score is null, as the reference leaves
   * it when its scorer is unavailable.
   */
  comet_server_url: z.string().url().nullish(),
  language_consistency_backend: z
    .string()
    .nullish()
    .superRefine((name, ctx) => {
      if (name === null || name === undefined) return;
      const needs = LANGUAGE_CONSISTENCY_BACKENDS[name];
      const message = needs
        ? `the ${name} language-consistency backend needs ${needs}, which a Worker cannot run; set language_consistency_backend: null`
        : `unknown language-consistency backend ${JSON.stringify(name)}; available backends: ${Object.keys(LANGUAGE_CONSISTENCY_BACKENDS).sort().join(", ")}`;
      ctx.addIssue({ code: "custom", message });
    }),
  language_consistency_warning_threshold: z.number().min(0).max(100).default(50),
  strip_reasoning: z.boolean().default(true),
  /**
   * Ours: sacrebleu's flores200 SentencePiece model (flores200_sacrebleu_tokenizer_spm.model, which
   * sacrebleu downloads and no Worker can), base64-encoded in a text file at this path. Unset,
   * sentence_spbleu is null and sentence_spbleu_error says why.
   */
  spbleu_spm_model_fpath: z.string().min(1).nullish(),
  ...InlinedFiles,
});
export type WmtTranslationConfig = z.infer<typeof WmtTranslationConfig>;

/** The task fields of a row this server reads. */
export const Task = z.object({
  text: z.string(),
  translation: z.string(),
  source_language: z.string(),
  target_language: z.string(),
  source_lang_name: z.string().nullish(),
  target_lang_name: z.string().nullish(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "the reply (after the last `</think>` with `strip_reasoning`; an unclosed `<think>` is no answer) against the row's `translation`, both NFC-normalised: sentence chrF as sacrebleu computes it (char 6-grams over code points, Python's whitespace dropped, beta 2, effective order) and sentence spBLEU (sacrebleu's BLEU with `exp` smoothing and effective order over the flores200 SentencePiece pieces; the model file, which sacrebleu downloads, is read base64 from `spbleu_spm_model_fpath`; without it `sentence_spbleu` is null and `sentence_spbleu_error` says so); `comet_score` from `comet_server_url` when `compute_comet`, else null; corpus chrF/spBLEU/COMET per language pair and across pairs in the metrics; a language-consistency backend (CLD2, GlotLID) is refused, naming what it needs",
  reward: "chrF / 100 (0 to 1)",
  answerKey: "`generation`",
};

export default resourcesServer({ catalogue, task: Task, config: WmtTranslationConfig, stateful: false, promptFiles: ["spbleu_spm_model_fpath"] });
