// proof_judge: theorem-proving prompts that ask for `## Solution` then `## Self Evaluation` with a
// boxed self-score. The right path writes an argument that closes every case and rates it 1; the
// wrong path leaves a case assumed without proof yet still rates itself 1, the overclaim the
// meta-verifier exists to catch. Its judge plays both of the server's judges in their verdict
// format (a last \boxed{} score): the verifier gives 1 to a proof with no step taken on trust and
// 0 to one with such a step; the meta-verifier gives 1 to a self-score that matches that verdict
// and 0 to one that does not. On the wrong path each judge gives the other score.
import { boxedScore } from "../../../shared/judge/proof_scores.ts";
import { lastUserText } from "../policy/conversation.ts";
import { say, type Action, type Situation, type Skill } from "../policy/types.ts";

const TRUSTED_STEP = /without proof|assumed|left unchecked/i;

/** The problem statement: what follows the prompt's last `## Problem` heading. */
function problemOf(prompt: string): string {
  const at = prompt.lastIndexOf("## Problem");
  return (at === -1 ? prompt : prompt.slice(at + "## Problem".length)).trim().split("\n")[0]!.slice(0, 200);
}

function play({ turns, correct }: Situation): Action {
  const problem = problemOf(lastUserText(turns));
  const middle = correct
    ? "Each case is reduced to the previous one by the identity established in the first step, and the base case is checked directly."
    : "The general case follows in the same way; the remaining boundary case is assumed without proof.";
  return say(
    [
      "## Solution",
      `We prove the statement: ${problem}`,
      "First we rewrite the hypothesis in an equivalent form and establish the key identity.",
      middle,
      "Putting the steps together gives the claim. This completes the proof.",
      "",
      "## Self Evaluation",
      "",
      "Here is my evaluation of the solution:",
      "I rechecked every step; each one follows from the ones before it.",
      "",
      "Based on my evaluation, the final overall score should be:",
      "\\boxed{1}",
    ].join("\n"),
  );
}

/** A section of a judge prompt: from its heading to the next `## ` heading of the prompt's inputs. */
function section(prompt: string, heading: string, next?: string): string | undefined {
  const at = prompt.lastIndexOf(`## ${heading}\n`);
  if (at === -1) return undefined;
  const rest = prompt.slice(at + heading.length + 4);
  const end = next === undefined ? -1 : rest.lastIndexOf(`## ${next}\n`);
  return end === -1 ? rest : rest.slice(0, end);
}

function judgePlay({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const evaluation = section(prompt, "Solution Evaluation");
  const proof = section(prompt, "Solution", evaluation === undefined ? undefined : "Solution Evaluation") ?? "";
  const proofScore = TRUSTED_STEP.test(proof) ? 0 : 1;
  if (evaluation === undefined) {
    const score = correct ? proofScore : 1 - proofScore;
    return say(`Here is my evaluation of the solution:\n${proofScore === 1 ? "Every step is justified." : "A case is taken on trust, which leaves the proof incomplete."}\n\nBased on my evaluation, the final overall score should be:\n\\boxed{${score}}`);
  }
  const agrees = boxedScore(evaluation) === proofScore;
  const rating = correct === agrees ? 1 : 0;
  return say(`Here is my analysis of the "solution evaluation":\nIts score ${agrees ? "matches" : "does not match"} the defects the solution has.\n\nBased on my analysis, I will rate the "solution evaluation" as:\n\\boxed{${rating}}`);
}

export default { play, judge: { play: judgePlay } } satisfies Skill;
