// The WER family of NeMo Gym's asr_with_pc, as jiwer (4.x) and the reference's own helpers compute it:
//   wer     on Whisper-normalised text (lower-cased, punctuation gone, numbers as digits);
//   wer_c   on the text with every non-word, non-space character removed (case kept);
//   wer_pc  on words and punctuation marks as separate tokens ("Hello, world." is 4 tokens);
//   per     the punctuation marks' own error rate, over the alignment the reference's DP picks.
// jiwer's WER is the word-level Levenshtein distance over the reference's word count (summed over
// pairs for a corpus); with no reference words at all it is the number of inserted words.
import { collapsePySpace, PY_SPACE, pyStrip } from "../../../shared/verifiers/python_str.ts";
import { wordEditDistance } from "../../../shared/verifiers/word_error_rate.ts";
import { whisperEnglishNormalize } from "./whisper_english.ts";

// Python's `\w` (letters, numbers, underscore: combining marks are not word characters there).
const WORD_CHARS = "\\p{L}\\p{N}_";
const TOKEN = new RegExp(`[${WORD_CHARS}]+|[^${WORD_CHARS}${PY_SPACE}]`, "gu");
const NON_WORD = new RegExp(`[^${WORD_CHARS}${PY_SPACE}]`, "gu");
const ALNUM_OR_SPACE = new RegExp(`[\\p{L}\\p{N}${PY_SPACE}]`, "u");
const SPACE_RUNS_OF_TWO = new RegExp(`[${PY_SPACE}]{2,}`, "g");

/** re.sub(r"\s+", " ", text).strip() */
export const normalizeWhitespace = (text: string) => pyStrip(collapsePySpace(text));

/** Words and single punctuation marks: re.findall(r"\w+|[^\w\s]", text). */
export const splitTokens = (text: string): string[] => text.match(TOKEN) ?? [];

/** The characters that are neither alphanumeric nor whitespace, one per code point. */
export const extractPunctuation = (text: string): string[] => Array.from(text).filter((c) => !ALNUM_OR_SPACE.test(c));

/** The reference's standard-WER text: lower-cased, Whisper-normalised, whitespace collapsed. */
export const preprocessAsrText = (text: string) => normalizeWhitespace(whisperEnglishNormalize(text.toLowerCase()));

/** jiwer's default word transform: runs of 2+ whitespace to one space, strip, split on spaces. */
const jiwerWords = (text: string) => pyStrip(text.replace(SPACE_RUNS_OF_TWO, " ")).split(" ").filter(Boolean);

/** jiwer.wer over one pair or a corpus of pairs. */
export function jiwerWer(references: string | readonly string[], hypotheses: string | readonly string[]): number {
  const refs = typeof references === "string" ? [references] : references;
  const hyps = typeof hypotheses === "string" ? [hypotheses] : hypotheses;
  if (refs.length !== hyps.length) throw new Error(`jiwer: ${refs.length} references but ${hyps.length} hypotheses`);
  let edits = 0;
  let refWords = 0;
  for (let i = 0; i < refs.length; i++) {
    const ref = jiwerWords(refs[i]!);
    edits += wordEditDistance(ref, jiwerWords(hyps[i]!));
    refWords += ref.length;
  }
  // No reference words: every edit is an insertion, and jiwer reports their count.
  return refWords === 0 ? edits : edits / refWords;
}

/**
 * The reference's punctuation error rate: a DP over the two texts' punctuation marks whose cells keep
 * the counts of one path, a match taking the diagonal and otherwise the fewest errors, ties going to
 * substitution, then deletion, then insertion. Errors over that path's length (matches, substitutions,
 * deletions and insertions), so which optimal path wins matters: a cell keeps its insertions (its
 * length is then its row plus them). Time is the product of the two mark counts, space one row.
 */
export function punctuationErrorRate(reference: string, hypothesis: string): number {
  const ref = extractPunctuation(reference);
  const hyp = extractPunctuation(hypothesis);
  if (ref.length === 0 && hyp.length === 0) return 0;
  const width = hyp.length + 1;
  let errPrev = Int32Array.from({ length: width }, (_, j) => j);
  let insPrev = Int32Array.from({ length: width }, (_, j) => j);
  let errCurr = new Int32Array(width);
  let insCurr = new Int32Array(width);
  for (let i = 1; i <= ref.length; i++) {
    errCurr[0] = i;
    insCurr[0] = 0;
    const r = ref[i - 1];
    for (let j = 1; j < width; j++) {
      if (r === hyp[j - 1]) {
        errCurr[j] = errPrev[j - 1]!;
        insCurr[j] = insPrev[j - 1]!;
        continue;
      }
      let err = errPrev[j - 1]!;
      let ins = insPrev[j - 1]!;
      if (errPrev[j]! < err) {
        err = errPrev[j]!;
        ins = insPrev[j]!;
      }
      if (errCurr[j - 1]! < err) {
        err = errCurr[j - 1]!;
        ins = insCurr[j - 1]! + 1;
      }
      errCurr[j] = err + 1;
      insCurr[j] = ins;
    }
    [errPrev, errCurr] = [errCurr, errPrev];
    [insPrev, insCurr] = [insCurr, insPrev];
  }
  const errors = errPrev[hyp.length]!;
  const total = ref.length + insPrev[hyp.length]!;
  return total > 0 ? errors / total : 0;
}

export interface AsrPcScores {
  wer: number;
  wer_c: number;
  wer_pc: number;
  per: number;
  is_correct: boolean;
  text: string;
  pred_text: string;
  ref_pc_tok: string;
  hyp_pc_tok: string;
  ref_c: string;
  hyp_c: string;
}

/** Every variant for one pair; correct when WER_PC is under 0.5. */
export function evaluateAsrPc(reference: string, hypothesis: string): AsrPcScores {
  const ref_pc_tok = splitTokens(normalizeWhitespace(reference)).join(" ");
  const hyp_pc_tok = splitTokens(normalizeWhitespace(hypothesis)).join(" ");
  const ref_c = normalizeWhitespace(reference.replace(NON_WORD, ""));
  const hyp_c = normalizeWhitespace(hypothesis.replace(NON_WORD, ""));
  const text = preprocessAsrText(reference);
  const pred_text = preprocessAsrText(hypothesis);
  const wer_pc = jiwerWer(ref_pc_tok, hyp_pc_tok);
  return {
    wer: jiwerWer(text, pred_text),
    wer_c: jiwerWer(ref_c, hyp_c),
    wer_pc,
    per: punctuationErrorRate(reference, hypothesis),
    is_correct: wer_pc < 0.5,
    text,
    pred_text,
    ref_pc_tok,
    hyp_pc_tok,
    ref_c,
    hyp_c,
  };
}

/** Standard WER alone; an empty normalised reference scores nothing (null), an empty hypothesis reads "empty". */
export function evaluateAsr(reference: string, hypothesis: string): { wer: number | null; is_correct: boolean | null; text: string; pred_text: string } {
  const text = preprocessAsrText(reference);
  const hyp = preprocessAsrText(hypothesis);
  if (!text) return { wer: null, is_correct: null, text: "", pred_text: hyp };
  const pred_text = hyp || "empty";
  const wer = jiwerWer(text, pred_text);
  return { wer, is_correct: wer < 0.5, text, pred_text };
}

/** Characters per minute above this read as repetition or hallucination (normal speech is 600-900). */
export const HALLUCINATION_CHAR_RATE = 1500;

/** Python's round(x, 2) for x >= 0: to the nearest hundredth of the double's exact value, ties to even. */
function round2(x: number): number {
  // 20 places hold a rate's exact expansion far enough to tell a tie (k/8) from a near miss.
  const [whole, fraction] = x.toFixed(20).split(".") as [string, string];
  const cents = BigInt(whole + fraction.slice(0, 2));
  const rest = fraction.slice(2);
  const tie = /^50*$/.test(rest);
  const up = tie ? cents % 2n === 1n : rest[0]! >= "5";
  return Number(up ? cents + 1n : cents) / 100;
}

/** Speaking-rate check: characters per minute of audio; without a positive duration it cannot tell and passes. */
export function evaluateHallucination(hypothesis: string, audioDuration: number | null | undefined): { hallucination_rate: number; char_rate: number; is_correct: boolean } {
  if (!audioDuration || audioDuration <= 0) return { hallucination_rate: 0, char_rate: 0, is_correct: true };
  const rate = (Array.from(hypothesis).length / audioDuration) * 60;
  const hallucinating = rate > HALLUCINATION_CHAR_RATE;
  return { hallucination_rate: hallucinating ? 1 : 0, char_rate: round2(rate), is_correct: !hallucinating };
}
