// structeval: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";
import { tokenizePath } from "./paths.ts";

/** A dot path into the answer (`a.b[0].c`, backticks quoting dots, `*` for any list item, `csv::header`). */
const Path = z.string().refine((p) => tokenizePath(p) !== undefined, "a '[' is never closed");

/** The task fields of a row this server reads; all are echoed in the verify response. */
export const Task = z.object({
  task_id: z.string(),
  task_name: z.string(),
  input_type: z.string(),
  // json, yaml, xml, toml or csv in any case; another type scores 0 (error_type unsupported_type).
  output_type: z.string(),
  raw_output_metric: z.array(Path),
  rendering: z.boolean().default(false),
});

export default resourcesServer({ task: Task, stateful: false });
