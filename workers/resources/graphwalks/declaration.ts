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

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "OpenAI graphwalks (parents of a node, nodes at an exact BFS depth): the last non-empty line's `Final Answer: [n1, n2, ...]` (`predicted_nodes`; `parse_failed` without it) against the JSON node list `expected_answer`",
  reward: "F1 over the node sets (1 when both are empty, 0 on a parse failure)",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, stateful: false });
