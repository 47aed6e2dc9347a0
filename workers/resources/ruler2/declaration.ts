// ruler2: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

export const MatchType = z.enum(["all", "part", "2steps"]);

/** The task fields of a row this server reads. */
export const Task = z.object({
  /** The references the soft match scores against (ruler2), or the gold letter (multichoice). */
  expected_answer: z.union([z.string(), z.array(z.string())]),
  /** "multichoice" grades a letter; any other value the soft string match. */
  eval_type: z.string().default("ruler2"),
  match_type: MatchType.default("all"),
  /** The RULER v2 sub-task and context length, for the metrics only. */
  task: z.string().nullish(),
  length: z.number().int().nullish(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "RULER v2 long-context rows by `eval_type`. `ruler2`: each reference scores 1 when the output text contains it (lower-cased), else 1 − WER (word-level edit distance over the reference's words, floored at 0; exact for references up to ~1200 words, past that a multiset bound stands in), combined by `match_type` (`all`: mean; `part`: best, `Document N:` blocks cut; `2steps`: mean over the last paragraph). `multichoice`: the letter after \"The final answer is\", else in the last `\\boxed{}`, else after `Answer:`, must be the gold letter; `predicted_answer` is the reply with control characters as newlines",
  reward: "0-1 (multichoice 0/1)",
  answerKey: "`extracted_answer` (multichoice)",
};

export default resourcesServer({ catalogue, task: Task, stateful: false });
