// Binary classification metrics as NeMo Gym environments report them: confusion counts of
// predicted against gold labels, precision / recall / F1 from them, and the mean absolute error
// of ordinal predictions. Values are fractions (0-1); callers scale them to percentages.

export interface Confusion {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

/** One prediction against its gold label; null on either side (no verdict, no gold) counts nowhere. */
export interface Labelled {
  predicted: boolean | null;
  gold: boolean | null;
}

export function confusionCounts(pairs: Iterable<Labelled>): Confusion {
  const counts: Confusion = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const { predicted, gold } of pairs) {
    if (predicted === null || gold === null) continue;
    if (predicted) counts[gold ? "tp" : "fp"]++;
    else counts[gold ? "fn" : "tn"]++;
  }
  return counts;
}

export interface PrecisionRecall {
  precision: number;
  recall: number;
  f1: number;
}

/**
 * precision = tp / predicted positives, recall = tp / gold positives, F1 = 2pr / (p + r). An empty
 * denominator gives the convention's value (`whenEmpty`: 0 by default; NeMo Skills' judgement
 * metrics say 1, nothing claimed or nothing to find being no error); F1 is 0 when p + r is.
 */
export function precisionRecallF1(tp: number, predictedPositives: number, goldPositives: number, whenEmpty = 0): PrecisionRecall {
  const precision = predictedPositives > 0 ? tp / predictedPositives : whenEmpty;
  const recall = goldPositives > 0 ? tp / goldPositives : whenEmpty;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

/** The mean of absolute errors |predicted - gold|, as given (callers keep only the predictions that have one); undefined when there are none. */
export function meanAbsoluteError(absoluteErrors: readonly number[]): number | undefined {
  if (absoluteErrors.length === 0) return undefined;
  let sum = 0;
  for (const e of absoluteErrors) sum += e;
  return sum / absoluteErrors.length;
}
