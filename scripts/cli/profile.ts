// `edge-gym profile`: the reward profile of a collection (SPEC "Reward profile"): per-task lines,
// per-agent metrics with pass@k, a terminal table and a self-contained HTML report.
import { profile as runProfile } from "../profile/profile.ts";
import type { Profile } from "../profile/profile.ts";
import { writeReport } from "../profile/report.ts";
import { passAtKTable, passAtKUnits } from "../profile/table.ts";
import { UsageError, parseCommand } from "./args.ts";
import { translate, withSpellings } from "./nemo_spellings.ts";

export const help =
  "profile --inputs X_materialized_inputs.jsonl --rollouts X.jsonl [--answer-key extracted_answer] [--failures X_failures.jsonl] " +
  "[--allow-partial-rollouts] (or NeMo Gym's +materialized_inputs_jsonl_fpath=... +rollouts_jsonl_fpath=...)   per-task statistics, pass@k, HTML report (also `eval profile`)";

const SPELLINGS = { flags: { materialized_inputs_jsonl_fpath: "inputs", rollouts_jsonl_fpath: "rollouts", allow_partial_rollouts: "allow-partial-rollouts" } };

export async function profile(argv: string[]): Promise<number> {
  const { values: flags, overrides } = parseCommand(argv, help, {
    inputs: { type: "string" },
    rollouts: { type: "string" },
    "answer-key": { type: "string" },
    failures: { type: "string" },
    // Accepted so NeMo's commands run unchanged: a partial run is always profiled here, its completion printed.
    "allow-partial-rollouts": { type: "boolean" },
  });
  const values = withSpellings(flags, translate(overrides, SPELLINGS));
  if (!values.inputs) throw new UsageError("profile needs --inputs X_materialized_inputs.jsonl");
  if (!values.rollouts) throw new UsageError("profile needs --rollouts X.jsonl");
  const result = await runProfile({ inputs: values.inputs, rollouts: values.rollouts, answerKey: values["answer-key"], failures: values.failures });
  const report = await writeReport(result, values.rollouts);
  console.log(passAtKTable(result.agents));
  console.log(passAtKUnits(result.agents));
  if (result.missing) console.log(`\n${result.missing} materialized rollouts have no result (failed or not run): statistics cover the completed ones.`);
  console.log(`\n${completionLines(result.completion).join("\n")}`);
  console.log(`\nreward profiling: ${result.files.profile}`);
  console.log(`agent metrics:    ${result.files.agentMetrics}`);
  console.log(`report:           ${report}`);
  return 0;
}

/** NeMo Gym's completion summary, worded as `gym eval profile` prints it. */
export function completionLines(c: Profile["completion"]): string[] {
  const pct = c.expectedRollouts === 0 ? 100 : (100 * c.completedRollouts) / c.expectedRollouts;
  return [
    `Reward profile completion: ${c.completedRollouts}/${c.expectedRollouts} rollout rows (${pct.toFixed(2)}%)`,
    `Input rows: ${c.inputRows} total; ${c.complete} complete; ${c.partial} partial; ${c.none} without rollouts dropped from output.`,
  ];
}
