// ruler: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

/** RULER (v1) sub-tasks; each has its own score field in a verify response. */
export const SUBSETS = [
  "cwe", "fwe",
  "niah_multikey_1", "niah_multikey_2", "niah_multikey_3", "niah_multiquery", "niah_multivalue",
  "niah_single_1", "niah_single_2", "niah_single_3",
  "qa_1", "qa_2", "vt",
] as const;

/** The task fields of a row this server reads. */
export const Task = z.object({
  /** The strings the reply must contain (all of them; for qa_1 and qa_2, any one). */
  outputs: z.array(z.string()).min(1),
  /** The context length the row was built for. */
  length: z.number().int(),
  /** The sub-task; one of SUBSETS gets its score field set. */
  subset: z.string(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "RULER (v1) long-context rows (needles, variable tracking, common words, QA): the trimmed output text must contain each of the row's `outputs`, case aside; for `qa_1`/`qa_2` any one is enough; the score is also returned under the row's `subset` field (`vt`, `cwe`, `niah_single_1`, ...; the other twelve null)",
  reward: "0-1 (the share found; 0/1 for QA)",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, stateful: false });
