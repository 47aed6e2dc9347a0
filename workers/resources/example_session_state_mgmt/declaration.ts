// example_session_state_mgmt: a resources server that keeps session state in its own SessionDO.
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

/** The task fields of a row this server reads. */
export const Task = z.object({
  initial_count: z.number().int().default(0),
  expected_count: z.number().int(),
});

export default resourcesServer({ task: Task, stateful: true });
