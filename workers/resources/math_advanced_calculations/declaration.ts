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

export default resourcesServer({ task: Task, stateful: false });
