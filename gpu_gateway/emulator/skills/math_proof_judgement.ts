// math_proof_judgement: a prompt asks whether the proof under "### Model Solution:" is correct,
// answered as <judgement>Judgement: Yes</judgement> or No. The right path judges by what the proof
// admits to: a step waved through as trivial, or a conclusion that merely "follows", means No;
// otherwise Yes. The wrong path gives the other verdict, as a careless grader would.
import { lastUserText } from "../policy/conversation.ts";
import { say, type Action, type Situation, type Skill } from "../policy/types.ts";

const HEADING = "### Model Solution:";
const HAND_WAVING = /trivial|\bfollows\b/i;

function play({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const at = prompt.lastIndexOf(HEADING);
  const proof = at === -1 ? prompt : prompt.slice(at + HEADING.length);
  const sound = !HAND_WAVING.test(proof) === correct;
  const summary = sound ? "Every step is stated and justified, so the proof is complete." : "A key step is asserted rather than proved, so the proof is incomplete.";
  return say(`<summary>${summary}</summary>\n<judgement>Judgement: ${sound ? "Yes" : "No"}</judgement>`);
}

export default { play } satisfies Skill;
