// instruction_following: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { TaskFields } from "./task.ts";

/** The task fields of a row this server reads. */
export const Task = TaskFields;

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "the final message against every instruction of the row: IFEval's 25 and IFEvalG's 29 (54 ids, kwargs checked; an unknown id or bad kwargs is a 400), strict checks, loose ones reported beside (`follow_instruction_list`, `follow_instruction_list_loose`); `verifier_metadata` rows and legacy top-level rows. Sentences are split as NLTK's Punkt (English model) splits them: its abbreviations (Mr., St., Inc., U.S., a.m.) do not end one, others (e.g., etc., °C.) do, lower case or not; agreement on sentence counts with Punkt: 55/56 replies of our tuning set, 24/25 held out (Intl.Segmenter 27/56 and 15/25). `language` is any of IFEval's 30 codes (Finnish included), told as langdetect tells it, from its own 55 language profiles (Apache-2.0, `shared/instructions/text/langdetect_profiles.ts`; the checks live in `shared/instructions/` for every instruction-graded server) scored over every n-gram of the whole reply, so mixed and short replies get langdetect's most likely verdict (a French sentence then two English ones is English; a lowercase English haiku is English); text with no letters counts as followed. `letter_frequency` / `letter_counting2` take any one character (`#`, `!` as in real rows): it is counted, ignoring case, and compared with the relation (IFEval itself swaps a non-letter for a random letter, so its grade there is random)",
  reward: "0/1 (`grading_mode: binary`), share followed (`fraction`)",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, stateful: false });
