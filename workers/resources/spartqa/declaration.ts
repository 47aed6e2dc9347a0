// spartqa: a resources server, stateless (no session objects).
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";

/** The task fields of a row this server reads. */
export const Task = z.object({
  /** The gold label: one of the two objects, "both of them" or "none of them". */
  target: z.string().default(""),
  /** The two objects the question offers. */
  options: z.array(z.string()).default([]),
  /** The same target and options again, for drivers that forward only this object of a row. */
  verifier_metadata: z.looseObject({ target: z.unknown().optional(), options: z.array(z.unknown()).nullish() }).nullish(),
});

export default resourcesServer({ task: Task, stateful: false });
