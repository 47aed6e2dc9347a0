// key_metrics: the headline subset of an agent's metrics, declared per environment as NeMo Gym
// environments define them (their get_key_metrics). The default is NeMo Gym's base class: every
// `mean/*` entry.

/**
 * One selector: a metric by name (when present), every metric with a prefix (and a suffix, when
 * given), or the entries of a pattern with `{k}` (e.g. `pass@{k}`) at its highest k, optionally
 * only some scores or without some.
 */
export type KeyMetric =
  | string
  | { prefix: string; suffix?: string }
  | { highestK: string; scores?: readonly string[]; exclude?: readonly string[] }
  /** `highestK` under every subset the metrics hold (`<subset>/pass@...`, a name starting lowercase), as bird_sql and code_gen pick them. */
  | { eachSubset: string; scores?: readonly string[] };

export const DEFAULT_KEY_METRICS: readonly KeyMetric[] = [{ prefix: "mean/" }];

/** The headline NeMo Gym's answer-graded environments share: token means, then pass@1, pass@k and majority@k at the highest k (no_answer left out). */
export const ANSWER_KEY_METRICS: readonly KeyMetric[] = ["mean/input_tokens", "mean/output_tokens", { highestK: "pass@1[avg-of-{k}]" }, { highestK: "pass@{k}", exclude: ["no_answer"] }, { highestK: "majority@{k}", exclude: ["no_answer"] }];

// Spread statistics are never headline values, whatever the score filter.
const STAT_SUFFIXES = ["std_dev_across_runs", "std_err_across_runs", "avg_sample_std_dev"];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The entries of `pattern` at the highest k among those the filters keep. */
export function highestK(metrics: Readonly<Record<string, unknown>>, pattern: string, scores?: readonly string[], exclude?: readonly string[]): Record<string, unknown> {
  const regex = new RegExp(`^${pattern.split("{k}").map(escape).join("(\\d+)")}/(.+)$`);
  const matches: [number, string][] = [];
  for (const key of Object.keys(metrics)) {
    const m = regex.exec(key);
    if (!m) continue;
    const score = m[2]!;
    if (STAT_SUFFIXES.some((s) => score.endsWith(s))) continue;
    if (scores && !scores.includes(score)) continue;
    if (exclude?.includes(score)) continue;
    matches.push([Number(m[1]), key]);
  }
  const top = matches.reduce((k, [n]) => Math.max(k, n), -Infinity);
  return Object.fromEntries(matches.filter(([k]) => k === top).map(([, key]) => [key, metrics[key]]));
}

function select(metrics: Readonly<Record<string, unknown>>, selector: KeyMetric): Record<string, unknown> {
  if (typeof selector === "string") return selector in metrics ? { [selector]: metrics[selector] } : {};
  if ("prefix" in selector) return Object.fromEntries(Object.entries(metrics).filter(([key]) => key.startsWith(selector.prefix) && key.endsWith(selector.suffix ?? "")));
  if ("eachSubset" in selector) {
    const subsets = new Set(Object.keys(metrics).filter((key) => key.includes("/pass@") && /^\p{Ll}/u.test(key)).map((key) => key.split("/pass@")[0]!));
    return Object.assign({}, ...[...subsets].map((subset) => highestK(metrics, `${subset}/${selector.eachSubset}`, selector.scores)));
  }
  return highestK(metrics, selector.highestK, selector.scores, selector.exclude);
}

/** The selected entries, in selector order; a metric selected twice keeps its first place. */
/** An environment's headline: selectors, or a function of its metrics for one that renames (NeMo Gym's get_key_metrics itself). */
export type KeyMetrics = readonly KeyMetric[] | ((metrics: Readonly<Record<string, unknown>>) => Record<string, unknown>);

export function keyMetrics(metrics: Readonly<Record<string, unknown>>, selectors: KeyMetrics = DEFAULT_KEY_METRICS): Record<string, unknown> {
  if (typeof selectors === "function") return selectors(metrics);
  const out: Record<string, unknown> = {};
  for (const selector of selectors) Object.assign(out, select(metrics, selector));
  return out;
}
