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

export default resourcesServer({ task: Task, stateful: false });
