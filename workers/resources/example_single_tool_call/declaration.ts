// example_single_tool_call: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

/** The task fields of a row this server reads. */
export const Task = z.object({});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "a get_weather call demo",
  reward: "always 1",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, stateful: false });
