// hotpotqa_qa: a resources server, stateless (no session objects).
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";

/** `report_filtered_metrics`: whether /aggregate_metrics adds the filtered_* metrics (NeMo Gym's default: it does). */
export const HotpotqaConfig = ResourcesServerConfig.safeExtend({ report_filtered_metrics: z.boolean().default(true) });

/** The task fields of a row this server reads (the rest, question, id, type, level, ride along). */
export const Task = z.object({
  expected_answer: z.string(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "the answer of the reply's last fenced, else last brace-balanced, JSON object with an `\"answer\"` key (else the whole reply) against `expected_answer`: SQuAD exact match and token F1 (`answer_em`, `answer_f1`), and a lenient and a strict substring match over the ground truth's surface forms (articles, quotes, parentheses, number words, commas, dots, hyphens, `&`; strict: short forms as whole words, and in a reply over 80 characters a match starting in its first 41); `gt_should_remove` / `gt_remove_reason` flag ground truths over 40 characters or name-like",
  reward: "0/1 (`is_correct_strict`)",
  answerKey: "`extracted_answer`",
};

export default resourcesServer({ catalogue, task: Task, config: HotpotqaConfig, stateful: false });
