// Sentence spBLEU as NeMo computes it: sacrebleu's BLEU(tokenize="flores200", effective_order=True)
// — each side right-stripped, split into the flores200 SentencePiece model's pieces, joined by
// spaces — over the model file the config names (sacrebleu downloads it; a Worker cannot).
import { inlinedFile } from "../../../shared/judge/files.ts";
import { bleuFromStatistics, bleuStatistics } from "./bleu.ts";
import type { WmtTranslationConfig } from "./declaration.ts";
import { pyRstrip } from "../../../shared/verifiers/python_str.ts";
import { SentencePiece } from "./sentencepiece.ts";
import { parseModel } from "./spm_model.ts";

export const MISSING_MODEL =
  "spBLEU needs sacrebleu's flores200 SentencePiece model (flores200_sacrebleu_tokenizer_spm.model), which cannot be downloaded here: " +
  "base64-encode it into a file and name that file in this server's spbleu_spm_model_fpath";

let loaded: { source: string; tokenizer: SentencePiece } | undefined;

/** The configured tokenizer, parsed once per isolate; undefined when the config names none. */
export function flores200(config: WmtTranslationConfig): SentencePiece | undefined {
  const path = config.spbleu_spm_model_fpath;
  if (!path) return undefined;
  const source = inlinedFile(config, path);
  if (typeof source !== "string") throw new Error(`${path} is not a base64 text file`);
  if (loaded?.source !== source) {
    const bytes = Uint8Array.from(atob(source.replace(/\s+/g, "")), (c) => c.charCodeAt(0));
    loaded = { source, tokenizer: new SentencePiece(parseModel(bytes)) };
  }
  return loaded.tokenizer;
}

export function tokenize(tokenizer: SentencePiece, text: string): string {
  return tokenizer.encodeAsPieces(pyRstrip(text)).join(" ");
}

export function sentenceSpbleu(tokenizer: SentencePiece, hypothesis: string, reference: string): number {
  return bleuFromStatistics(bleuStatistics(tokenize(tokenizer, hypothesis), tokenize(tokenizer, reference)), true);
}
