// The reward from the subtask scores, NeMo Gym's rules. Binary: a row naming a subtask gets 1 when
// that subtask reaches its full marks (the row's subtask_score, else the test file's: a "min"
// subtask's score, a "sum_tests" subtask's test count), or, with no full marks known, scores
// above 0; a row for the whole problem gets 1 when the scores add up to the problem's full marks
// (or, if those are 0, when every subtask scored). Fraction: the share of distinct tests passed.
import type { Subtask, Task } from "./declaration.ts";
import type { Evaluation } from "./evaluate.ts";

const fullMarks = (subtask: Subtask) => (subtask.aggregation === "sum_tests" ? subtask.test_names.length : (subtask.score ?? 0));

function subtaskFullMarks(row: Task): number | null {
  if (row.subtask_score != null) return row.subtask_score;
  const subtask = row.subtask ? row.test_metadata.subtasks[row.subtask] : undefined;
  if (!subtask) return null;
  return subtask.aggregation === "sum_tests" ? subtask.test_names.length : (subtask.score ?? null);
}

function binary(row: Task, results: Evaluation["test_case_results"]): number {
  if (row.subtask && row.subtask in results) {
    const score = results[row.subtask]!.score;
    const max = subtaskFullMarks(row);
    // A full mark of 0 is no mark at all (Python's truthiness, as the reference tests it).
    return (max !== null && max !== 0 && score >= max) || (max === null && score > 0) ? 1 : 0;
  }
  const total = Object.values(results).reduce((sum, r) => sum + r.score, 0);
  const maxTotal = Object.values(row.test_metadata.subtasks).reduce((sum, s) => sum + fullMarks(s), 0);
  if (maxTotal && total >= maxTotal) return 1;
  return maxTotal === 0 && Object.values(results).every((r) => r.score > 0) ? 1 : 0;
}

function fraction(row: Task, results: Evaluation["test_case_results"]): number {
  let outputs = row.subtask && row.subtask in results ? results[row.subtask]!.outputs : undefined;
  if (!outputs) {
    const seen = new Set<string>();
    outputs = [];
    for (const [subtask, result] of Object.entries(results)) {
      result.outputs.forEach((output, i) => {
        const key = output.test_name ?? `${subtask}\u0000${i}`;
        if (seen.has(key)) return;
        seen.add(key);
        outputs!.push(output);
      });
    }
  }
  return outputs.length ? outputs.filter((o) => o.score >= 1).length / outputs.length : 0;
}

export const reward = (row: Task, evaluation: Evaluation, mode: "binary" | "fraction") =>
  mode === "fraction" ? fraction(row, evaluation.test_case_results) : binary(row, evaluation.test_case_results);
