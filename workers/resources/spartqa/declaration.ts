// spartqa: a resources server, stateless (no session objects).
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";

/** The task fields of a row this server reads. */
export const Task = z.object({
  /** The gold label: one of the two objects, "both of them" or "none of them". */
  target: z.string().default(""),
  /** The two objects the question offers. */
  options: z.array(z.string()).default([]),
  /** The same target and options again, for drivers that forward only this object of a row. */
  verifier_metadata: z.looseObject({ target: z.unknown().optional(), options: z.array(z.unknown()).nullish() }).nullish(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "SpartQA choose-object questions: the last labelled answer (`Final answer:`, `Selected answer:`, `Answer:` at a line start, else \"the answer is ...\", else the first line; `<think>` blocks dropped) resolved to one of four labels (the two objects, `both of them`, `none of them`; articles and punctuation aside, aliases such as \"neither\"), by equality or by containing exactly one label, so echoing \"X or Y\" resolves to nothing; `exact`, `parsed`, `extracted`, `predicted_label`; target and options fall back to `verifier_metadata`",
  reward: "0/1",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, stateful: false });
