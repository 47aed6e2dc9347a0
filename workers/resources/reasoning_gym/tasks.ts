// The task a row stands for: the stored one it carries (NeMo's rows), or the one its family's
// generator makes from (seed, index, config). Generation is deterministic, so /seed_session (which
// hands the model the question) and /verify (which scores the answer) make the same task, and the
// server keeps no state between them.
import { HttpError } from "../../../shared/server/errors.ts";
import type { Item } from "../../../shared/schemas/responses.ts";
import type { Task } from "./declaration.ts";
import { configAt } from "./curriculum.ts";
import { FAMILIES } from "./families/index.ts";
import type { Entry } from "./families/family.ts";
import { Rng } from "./families/rng.ts";

// Our own wording: the reply's answer is read from these tags first (extract.ts).
const ANSWER_FORMAT = "Work it out, then give your final answer alone between <answer> and </answer> tags.";

const invalid = (message: string) => new HttpError(400, "invalid_request", message);

/** Whether the row asks for a generated task (it names a family at the top level). */
export const isGenerated = (row: Task): boolean => row.source_dataset !== undefined;

export function entryOf(row: Task): Entry {
  if (!isGenerated(row)) {
    if (row.question === undefined) throw invalid("question: expected a string (a stored task), or source_dataset and seed (a task to generate)");
    if (row.metadata === undefined) throw invalid("metadata: expected an object naming its source_dataset (a stored task)");
    return { question: row.question, answer: row.answer, metadata: row.metadata };
  }
  if (row.question !== undefined || row.metadata !== undefined) throw invalid("source_dataset: a row is a stored task (question, answer, metadata) or a task to generate (source_dataset, seed, index, config), not both");
  if (row.seed === undefined) throw invalid("seed: expected a non-negative integer (the task to generate)");
  const family = FAMILIES.get(row.source_dataset!)!;
  if (!family.generate) throw invalid(`source_dataset: "${family.name}" is scored here but has no generator; give its tasks as stored rows (question, answer, metadata)`);
  const index = row.index ?? 0;
  let config = row.config ?? {};
  if (row.level !== undefined) {
    try {
      config = { ...configAt(family.name, row.level), ...config };
    } catch (err) {
      throw invalid((err as Error).message);
    }
  }
  try {
    return family.generate(new Rng(row.seed, index), config, index);
  } catch (err) {
    throw invalid(`config: ${(err as Error).message}`);
  }
}

/** What a generated task's model is asked: the question, and where to put the answer. */
export function promptOf(entry: Entry): Item[] {
  return [{ type: "message", role: "user", content: `${entry.question}\n\n${ANSWER_FORMAT}` }];
}
