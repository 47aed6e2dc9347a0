// NeMo Gym's BunsenBench metrics beyond mcqa's pass@k and majority@k of accuracy:
// - the same per source, per BCT field and per BCT field and subfield, keyed
//   `by_source/<value>/<metric>`, `by_bct_field/<value>/<metric>`,
//   `by_bct_subfield/<field>/<subfield>/<metric>`; a task's value is the first non-empty one among
//   its rollouts, written as a key segment (whitespace runs and other characters outside
//   [A-Za-z0-9_.:+-] become "_", "/" becomes "__", "unknown" if nothing is left);
// - each error mode's share of all rollouts, as a percentage `error_modes/<mode>` and a count
//   `error_modes/<mode>/count`, every mode reported; a rollout without error_mode is correct with a
//   reward, else wrong_answer with an answer, else format_violation.
import type { ComputeMetrics } from "../../../shared/metrics/profile.ts";
import { passMajorityBy } from "../../../shared/metrics/score_fn.ts";
import type { ScoreFn } from "../../../shared/metrics/score_fn.ts";
import { PY_SPACE, pyStrip } from "../../../shared/verifiers/python_str.ts";
import { ERROR_MODES } from "./error_mode.ts";

type Rollout = Record<string, unknown>;

const ANSWER_KEY = "extracted_answer";
const accuracy: ScoreFn = (r) => ({ accuracy: r.reward as number });

const SPACES = new RegExp(`[${PY_SPACE}]+`, "g");

// Python's str() of the values a row holds here: text, numbers, booleans.
const pyStr = (value: unknown) => (typeof value === "boolean" ? (value ? "True" : "False") : String(value));

function segment(value: unknown): string {
  const text = pyStrip(pyStr(value)).replace(SPACES, "_").replaceAll("/", "__").replace(/[^A-Za-z0-9_.:+-]+/g, "_");
  return text.replace(/^_+|_+$/g, "") || "unknown";
}

const firstValue = (rollouts: readonly Rollout[], field: string) => rollouts.map((r) => r[field]).find((v) => Boolean(v));

/** pass@k and majority@k of accuracy within each group of tasks, keyed `<prefix>/<group>/<metric>`. */
function grouped(tasks: readonly (readonly Rollout[])[], prefix: string, groupOf: (rollouts: readonly Rollout[]) => string | undefined): Record<string, unknown> {
  const groups = new Map<string, Rollout[][]>();
  for (const rollouts of tasks) {
    const group = groupOf(rollouts);
    if (group === undefined) continue;
    const members = groups.get(group) ?? [];
    members.push([...rollouts]);
    groups.set(group, members);
  }
  const metrics: Record<string, unknown> = {};
  for (const [group, members] of groups) {
    for (const [key, value] of Object.entries(passMajorityBy(members, accuracy, ANSWER_KEY))) {
      if (key !== "per_sample_aggregate") metrics[`${prefix}/${group}/${key}`] = value;
    }
  }
  return metrics;
}

const modeOf = (r: Rollout) => (r.error_mode ? String(r.error_mode) : r.reward ? "correct" : r[ANSWER_KEY] !== null && r[ANSWER_KEY] !== undefined ? "wrong_answer" : "format_violation");

function errorModes(rollouts: readonly Rollout[]): Record<string, number> {
  const counts = new Map<string, number>(ERROR_MODES.map((mode) => [mode, 0]));
  for (const r of rollouts) {
    const mode = modeOf(r);
    counts.set(mode, (counts.get(mode) ?? 0) + 1);
  }
  const metrics: Record<string, number> = {};
  for (const [mode, count] of counts) {
    metrics[`error_modes/${mode}/count`] = count;
    metrics[`error_modes/${mode}`] = rollouts.length > 0 ? (100 * count) / rollouts.length : 0;
  }
  return metrics;
}

export const computeMetrics: ComputeMetrics = (tasks) => {
  const single = (field: string) => (rollouts: readonly Rollout[]) => {
    const value = firstValue(rollouts, field);
    return value ? segment(value) : undefined;
  };
  return {
    ...grouped(tasks, "by_source", single("source")),
    ...grouped(tasks, "by_bct_field", single("bct_field")),
    ...grouped(tasks, "by_bct_subfield", (rollouts) => {
      const field = firstValue(rollouts, "bct_field");
      const subfield = firstValue(rollouts, "bct_subfield");
      return field && subfield ? `${segment(field)}/${segment(subfield)}` : undefined;
    }),
    ...errorModes(tasks.flat()),
  };
};
