// math_advanced_calculations: a resources server, stateless (no session objects); its calculator tools run here.
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

/** The values the calculations must produce, as JSON text of a list (the reference json.loads it). */
const groundTruth = z.string().refine((text) => {
  try {
    return Array.isArray(JSON.parse(text));
  } catch {
    return false;
  }
}, "not the JSON text of a list of numbers");

/** The task fields of a row this server reads (id, depth and breadth are required there, as in the reference). */
export const Task = z.object({
  ground_truth: groundTruth,
  id: z.int(),
  depth: z.int(),
  breadth: z.int(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "values to compute with this server's own calculator tools, as NeMo Gym's math_advanced_calculations (instances `math_advanced_calculations`, `math_advanced_calculations_simple_agent`): add, subtract, multiply, divide, sin, cos, power, log, pi, negate and return_constant, with an alternate universe's rules (multiply is 1.1·a·b, add adds 1.2, sin is the cosine, pi is e, power raises to b + 2, ...), computed with Python's float rules and errors (a domain error, a division by zero, a complex power are 422s the model reads); every value of `ground_truth` (JSON text of a list) must be among the `{\"solution\": x}` outputs of the rollout's calls, as the exact float",
  reward: "0/1",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, stateful: false });
