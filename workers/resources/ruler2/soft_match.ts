// RULER v2's soft string match: a reference scores 1 when it occurs in the reply (both lower-cased),
// else 1 - WER of the reply against it, floored at 0. `all` averages over the references, `part`
// takes the best after cutting "Document N:" blocks out of the reply, `2steps` averages over the
// reply's last paragraph only.
import type { z } from "../../../shared/zod.ts";
import { pySplit } from "../../../shared/verifiers/python_str.ts";
import { cappedWordErrorRateOfWords } from "../../../shared/verifiers/word_error_rate.ts";
import type { MatchType } from "./declaration.ts";

/** A reply lower-cased once, its words split at most once, however many references it meets. */
class Reply {
  readonly lower: string;
  #words: string[] | undefined;
  constructor(text: string) {
    this.lower = text.toLowerCase();
  }
  get words(): string[] {
    return (this.#words ??= pySplit(this.lower));
  }
}

function softMatch(reply: Reply, reference: string): number {
  const r = reference.toLowerCase();
  if (reply.lower.includes(r)) return 1;
  return 1 - cappedWordErrorRateOfWords(reply.words, pySplit(r)).wer;
}

const HEADER = /Document \p{Nd}+:/gu;

/** Each "Document N:" through the first blank line after it, removed (a header never closed stays). */
export function withoutDocuments(text: string): string {
  let out = "";
  let kept = 0;
  HEADER.lastIndex = 0;
  for (let m = HEADER.exec(text); m; m = HEADER.exec(text)) {
    const blank = text.indexOf("\n\n", HEADER.lastIndex);
    if (blank < 0) break;
    out += text.slice(kept, m.index);
    kept = HEADER.lastIndex = blank + 2;
  }
  return out + text.slice(kept);
}

/**
 * The last piece of Python's text.split("\n\n"): pairs are cut from the left, so an odd run of
 * newlines leaves its last one at the start of that piece.
 */
export function lastParagraph(text: string): string {
  const at = text.lastIndexOf("\n\n");
  if (at < 0) return text;
  let start = at;
  while (start > 0 && text[start - 1] === "\n") start--;
  const end = at + 2;
  return text.slice((end - start) % 2 === 1 ? end - 1 : end);
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export function matchScore(matchType: z.infer<typeof MatchType>, reply: string, references: readonly string[]): number {
  if (references.length === 0) return 0;
  switch (matchType) {
    case "all": {
      const text = new Reply(reply);
      return mean(references.map((r) => softMatch(text, r)));
    }
    case "part": {
      const text = new Reply(withoutDocuments(reply));
      return references.reduce((best, r) => Math.max(best, softMatch(text, r)), 0);
    }
    case "2steps": {
      const last = new Reply(lastParagraph(reply));
      return mean(references.map((r) => softMatch(last, r)));
    }
  }
}
