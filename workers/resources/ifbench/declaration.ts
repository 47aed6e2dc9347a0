// ifbench: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

/** binary: 1 only when every instruction is followed; fraction (NeMo's default): the share followed. */
export const GradingMode = z.enum(["binary", "fraction"]);

/**
 * The task fields of a row (NeMo Gym's IFBench row). Each kwargs entry is checked against its
 * instruction when the row is read (task.ts), so a bad one is a 400 naming e.g. `kwargs.0.N`.
 */
export const Task = z.object({
  id: z.number().int(),
  instruction_id_list: z.array(z.string()).min(1),
  prompt: z.string(),
  /** One object per instruction; null, and null-valued keys, mean "not given" (the rows pad with them). */
  kwargs: z.array(z.record(z.string(), z.unknown()).nullable()),
  grading_mode: GradingMode.default("fraction"),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "the first content part of the last output item (as NeMo reads it) against each instruction of the row: AllenAI IFBench's 58 registry ids at c6767a1 (`count:`, `ratio:`, `words:`, `sentence:`, `format:`, `custom:`, `repeat:`; kwargs checked, null-valued keys dropped; an unknown id, a missing argument IFBench would fill at random, or kwargs of another length is a 400 naming the path, e.g. `kwargs[0].N`). Strict checks on the answer as written, loose ones on IFEval's loose variants (`follow_instruction_list`, `follow_instruction_list_loose`, `reward_loose`); a blank answer follows nothing. IFBench's own rule-based sentence splitter, NLTK's `word_tokenize` (its Treebank rewrites over the Punkt stand-in), Python's `split()`/`strip()`/`string.punctuation`, NLTK's `\\w+` words and stopword list, syllapy's word list and rule (MIT, `workers/resources/ifbench/text/`); agreement of the `count:`, `ratio:`, `words:`, `sentence:` checks with the library: 216/218 of its recorded verdicts on its 294 sample responses, strict and loose (the 2: `words:start_verb`, where NLTK's POS tagger, a trained model, is stood in for by a closed verb list), and 30 000/30 000 on random texts run through the library's own code (all but the three `word_tokenize` checks)",
  reward: "share followed (`grading_mode: fraction`, the default), 0/1 (`binary`)",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, stateful: false });
