// mrcr: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

/** The task fields of a row this server reads. */
export const Task = z.object({
  /** The earlier reply to reproduce, usually already behind the prefix. */
  expected_answer: z.string(),
  /** The reply must start with it; it is removed from both sides before comparing. */
  random_string_to_prepend: z.string(),
  n_needles: z.number().int(),
  n_tokens: z.number().int(),
});

export default resourcesServer({ task: Task, stateful: false });
