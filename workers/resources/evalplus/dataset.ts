// EvalPlus's own dataset files (HumanEvalPlus.jsonl, MbppPlus.jsonl, as released, gzipped or not):
// NeMo Gym's evalplus rows carry only `verifier_metadata.task_id` and are looked up there. Nothing
// is downloaded at run time, so the user names the file in the instance config (`dataset_fpath`),
// and `collect` completes such rows from it before anything runs (declaration.ts, taskFile). The
// expected outputs are not in the file: the verifier computes them by running the task's
// canonical_solution on the same inputs, as EvalPlus does.
import { parseExact, safeParseExact } from "../../../shared/json/exact.ts";
import { zodIssues } from "../../../shared/server/errors.ts";
import { z } from "../../../shared/zod.ts";

/** Where a user gets the files, for the message that asks for one. */
export const DATASET_SOURCES =
  "EvalPlus's releases: HumanEvalPlus.jsonl.gz from https://github.com/evalplus/humanevalplus_release/releases, MbppPlus.jsonl.gz from https://github.com/evalplus/mbppplus_release/releases";

/** One line of EvalPlus's files: the fields the verifier needs (others, such as `test` and `contract`, are left). */
const DatasetTask = z.looseObject({
  task_id: z.string().min(1),
  prompt: z.string(),
  entry_point: z.string(),
  canonical_solution: z.string(),
  base_input: z.array(z.array(z.unknown())),
  plus_input: z.array(z.array(z.unknown())),
  atol: z.number().min(0).nullish(),
});
type DatasetTask = z.infer<typeof DatasetTask>;

type Row = Record<string, unknown>;

/** The task id a row names and carries no tests for: such a row needs the dataset file. */
export function neededTaskId(row: Row): string | undefined {
  const metadata = row.verifier_metadata as Record<string, unknown> | null | undefined;
  if (typeof metadata?.task_id !== "string") return undefined;
  const carries = ["base_inputs", "base_tests", "entry_point"].some((key) => metadata[key] != null);
  return carries ? undefined : metadata.task_id;
}

/** The file's tasks by id; a line that cannot be read is kept as why, for the rows that name it. */
export function readDataset(text: string): (row: Row) => Row {
  const tasks = new Map<string, DatasetTask>();
  const unreadable: string[] = [];
  text.split("\n").forEach((line, index) => {
    if (!line.trim()) return;
    let parsed: z.ZodSafeParseResult<DatasetTask>;
    try {
      parsed = safeParseExact(DatasetTask, parseExact(line));
    } catch (err) {
      unreadable.push(`line ${index + 1}: not JSON (${(err as Error).message})`);
      return;
    }
    if (parsed.success) tasks.set(parsed.data.task_id, parsed.data);
    else unreadable.push(`line ${index + 1}: ${zodIssues(parsed.error)[0]!.path}: ${zodIssues(parsed.error)[0]!.message}`);
  });
  return (row) => {
    const id = neededTaskId(row);
    if (id === undefined) return row;
    const task = tasks.get(id);
    if (!task) {
      const why = unreadable.length ? ` (${unreadable.length} of its lines could not be read; the first: ${unreadable[0]})` : "";
      throw new Error(`verifier_metadata.task_id: task "${id}" is not in the dataset file${why}`);
    }
    const metadata = row.verifier_metadata as Row;
    return {
      ...row,
      verifier_metadata: {
        ...metadata,
        entry_point: task.entry_point,
        prompt: task.prompt,
        canonical_solution: task.canonical_solution,
        base_inputs: task.base_input,
        plus_inputs: task.plus_input,
        ...(task.atol != null ? { atol: task.atol } : {}),
      },
    };
  };
}
