// ifbench: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

/** binary: 1 only when every instruction is followed; fraction (NeMo's default): the share followed. */
export const GradingMode = z.enum(["binary", "fraction"]);

/**
 * The task fields of a row (NeMo Gym's IFBench row). Each kwargs entry is checked against its
 * instruction when the row is read (task.ts), so a bad one is a 400 naming e.g. `kwargs.0.N`.
 */
export const Task = z.object({
  id: z.number().int(),
  instruction_id_list: z.array(z.string()).min(1),
  prompt: z.string(),
  /** One object per instruction; null, and null-valued keys, mean "not given" (the rows pad with them). */
  kwargs: z.array(z.record(z.string(), z.unknown()).nullable()),
  grading_mode: GradingMode.default("fraction"),
});

export default resourcesServer({ task: Task, stateful: false });
