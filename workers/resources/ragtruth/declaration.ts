// ragtruth: a resources server, stateless (no session objects).
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";

/** `think_tag`: the tag whose blocks hold a model's reasoning (<think> unless set, e.g. "reasoning"). */
export const RagtruthConfig = ResourcesServerConfig.safeExtend({ think_tag: z.string().default("think") });

// Pydantic's lax bool, as the reference reads is_halu: its verify answers write it back as 0/1,
// so a rollout's row carries a number there.
const TRUE = ["1", "true", "t", "yes", "y", "on"];
const FALSE = ["0", "false", "f", "no", "n", "off"];
const laxBool = (value: unknown) => {
  if (value === 0 || value === 1) return value === 1;
  if (typeof value !== "string") return value;
  const word = value.toLowerCase();
  return TRUE.includes(word) ? true : FALSE.includes(word) ? false : value;
};

/** The task fields of a row this server reads. */
export const Task = z.object({
  /** Whether the judged response holds a hallucination (the gold label). */
  is_halu: z.preprocess(laxBool, z.boolean()).default(false),
  /** QA, Summary or Data2txt: the slice metrics are broken down by. */
  task_type: z.string().default(""),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "the reply's `{\"hallucination list\": [...]}` after `<think>` blocks (the tag set by `think_tag`, any case; everything before a stray closing tag) and a ``` fence are removed: a non-empty list is a hallucination verdict, compared with the row's `is_halu`; `pred_halu`, `parse_fail`, `extracted` (the list as Python's `json.dumps`, 500 characters)",
  reward: "0/1",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, config: RagtruthConfig, stateful: false });
