// string_match: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

export const ExtractionMode = z.enum(["boxed", "final_answer", "last_line", "full_response"]);

/** The task fields of a row this server reads. */
export const Task = z.object({
  expected_answer: z.string(),
  extraction_mode: ExtractionMode.default("final_answer"),
  case_sensitive: z.boolean().default(false),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "a short answer (boxed, final answer, last line, whole reply) after normalisation",
  reward: "0, 0.98, 1",
  answerKey: "`extracted_answer`",
};

export default resourcesServer({ catalogue, task: Task, stateful: false });
