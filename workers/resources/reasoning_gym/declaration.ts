// reasoning_gym (NeMo Gym's name): a resources server, stateless, scoring reasoning-gym's procedural
// tasks with the library's rule for each family. A row is a stored task (NeMo's shape), or names a
// family, a seed and a config, and the server generates the task (tasks.ts).
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";
import { levelCount } from "./curriculum.ts";
import { FAMILIES } from "./families/index.ts";

const Dataset = z.string().refine((name) => FAMILIES.has(name), {
  error: (issue) => `unknown reasoning-gym dataset ${JSON.stringify(issue.input)}: expected one of the library's registered datasets this server scores (docs/environments.md, "reasoning_gym's families")`,
});

/** The task fields of a row. A stored task carries the first three; a generated one the rest. */
export const Task = z.object({
  /** A stored task: as the library hands a task out, and NeMo Gym's rows carry it. */
  question: z.string().optional(),
  /** The stored answer; null for a family that checks a solution's validity instead. */
  answer: z.string().nullish(),
  metadata: z.looseObject({ source_dataset: Dataset }).optional(),
  /** A generated task: the family, and the seed and index that pick one of its tasks. */
  source_dataset: Dataset.optional(),
  seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  index: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  /** A difficulty level of the library's curriculum for the family (0: easiest); `config` overrides the fields it sets. */
  level: z.number().int().min(0).optional(),
  /** The family's difficulty parameters (the library's config fields); absent ones take its defaults. */
  config: z.record(z.string(), z.unknown()).optional(),
});
export type Task = z.infer<typeof Task>;

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "reasoning-gym's 106 task families (arithmetic, algebra, algorithms, logic, graphs, games and puzzles, cognition, ARC, code, geometry, probability, induction), each scored with the library's rule for its family (`metadata.source_dataset`): exact match, numeric tolerance, set and list comparison, partial credit, or a validity check of the puzzle's solution; the answer from the last `<answer>` tags, else the first brace-free `\\boxed{}`, else the whole reply, as NeMo reads it. A row may instead name a family, a seed and a level or config, and the server generates the task (\"reasoning_gym's families\", below)",
  reward: "the family's score, 0 to 1 (0 where its rule fails on the answer)",
  answerKey: "`extracted_answer`",
};

export default resourcesServer({
  catalogue,
  task: Task,
  stateful: false,
  // A function: the families list is read when asked, after every category module has loaded.
  generates: () => Object.fromEntries([...FAMILIES.values()].flatMap((family) => (family.generate ? [[family.name, { levels: levelCount(family.name) }]] : []))),
});
