// xlam_fc: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

/** The task fields of a row this server reads. */
export const Task = z.object({
  expected_answers: z.array(z.looseObject({ name: z.string(), arguments: z.record(z.string(), z.unknown()).default({}) })),
});

export default resourcesServer({ task: Task, stateful: false });
