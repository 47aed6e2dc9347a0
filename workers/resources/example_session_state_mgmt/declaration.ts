// example_session_state_mgmt: a resources server that keeps session state in its own SessionDO.
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

/** The task fields of a row this server reads. */
export const Task = z.object({
  initial_count: z.number().int().default(0),
  expected_count: z.number().int(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "a per-session counter ends at `expected_count`; a call or a verify in a session never seeded is a 400 (Session state, below)",
  reward: "0/1",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, stateful: true });
