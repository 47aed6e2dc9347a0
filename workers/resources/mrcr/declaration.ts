// mrcr: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

/** The task fields of a row this server reads. */
export const Task = z.object({
  /** The earlier reply to reproduce, usually already behind the prefix. */
  expected_answer: z.string(),
  /** The reply must start with it; it is removed from both sides before comparing. */
  random_string_to_prepend: z.string(),
  n_needles: z.number().int(),
  n_tokens: z.number().int(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "OpenAI MRCR: the reply (output text, trimmed as Python trims) must start with `random_string_to_prepend` (`prefix_matched`; `<think>` text before it fails the gate, as in the reference); behind the prefix, removed from both sides, difflib's SequenceMatcher ratio against `expected_answer` (`seq_match_ratio`, autojunk and all); past 1.5M matching steps (a reply far off the answer's size) difflib's linear upper bound `quick_ratio` stands in",
  reward: "0-1 (the ratio)",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, stateful: false });
