// proof_verification: prompts that ask the policy to grade a given proof and end with a boxed
// score. The right path grades by what the proof admits to (a step it takes on trust or leaves
// incomplete: 0.5, else 1); the wrong path gives 0, as a grader that misreads a proof would. Its
// judge plays the meta-verifier in its verdict format (a last \boxed{} rating): it reads the
// reference evaluation's score (its boxed score, or from its wording: a minor error, an omission or
// a solution not completely correct mean 0.5, otherwise 1) and rates the candidate's by how far its
// boxed score is from it (equal 1, half apart 0.5, else 0); on the wrong path it rates 1 - that.
import { boxedScore } from "../../../shared/judge/proof_scores.ts";
import { lastUserText } from "../policy/conversation.ts";
import { say, type Action, type Situation, type Skill } from "../policy/types.ts";

const ADMITTED_GAP = /without proof|assumed|left unchecked|incomplete/i;
const FLAWED = /\bminor\b|not (?:completely|fully)|genuine error|omitted/i;

function play({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const score = correct ? (ADMITTED_GAP.test(section(prompt, "Solution")) ? 0.5 : 1) : 0;
  const reading = score === 1 ? "Every step is justified and the argument is complete." : score === 0.5 ? "The argument works but takes a step on trust." : "The argument does not establish the claim.";
  return say(`Here is my evaluation of the solution:\n${reading}\n\nBased on my evaluation, the final overall score should be:\n\\boxed{${score}}`);
}

/** The text under a `## heading` of the prompt's inputs, up to the next such heading. */
function section(prompt: string, heading: string): string {
  const at = prompt.lastIndexOf(`## ${heading}\n`);
  if (at === -1) return "";
  const rest = prompt.slice(at + heading.length + 4);
  const end = rest.search(/\n## [A-Z]/);
  return end === -1 ? rest : rest.slice(0, end);
}

function judgePlay({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const reference = section(prompt, "Reference Evaluation");
  const truth = boxedScore(reference) ?? (FLAWED.test(reference) ? 0.5 : 1);
  const candidate = boxedScore(section(prompt, "Candidate Evaluation"));
  const agreement = candidate === undefined ? 0 : 1 - Math.abs(candidate - truth);
  const rating = correct ? agreement : 1 - agreement;
  return say(`Here is my analysis of the candidate evaluation:\nThe reference scores the solution ${truth}; the candidate scores it ${candidate ?? "not at all"}.\n\nBased on my analysis, I rate the candidate evaluation as:\n\\boxed{${rating}}`);
}

export default { play, judge: { play: judgePlay } } satisfies Skill;
