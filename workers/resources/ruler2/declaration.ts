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

export default resourcesServer({ task: Task, stateful: false });
