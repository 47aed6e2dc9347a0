// graphwalks: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

/** The task fields of a row this server reads. */
export const Task = z.object({
  /** A JSON list of the node ids the operation yields. */
  expected_answer: z.string(),
  /** "parents" or "bfs": the breakdown of the metrics. */
  problem_type: z.string(),
  n_tokens: z.number().int().nullable().default(null),
  prompt_chars: z.number().int().nullable().default(null),
});

export default resourcesServer({ task: Task, stateful: false });
