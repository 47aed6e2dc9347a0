// The policy's reply as proof_judge reads it: after any thinking, `## Solution`, then
// `## Self Evaluation` ending in a boxed self-score.
import { afterThinking, boxedScore } from "../../../shared/judge/proof_scores.ts";

const SOLUTION_HEADER = "## Solution";
const SELF_EVAL_HEADER = "## Self Evaluation";
export const MAX_PROOF_CHARS = 40_000;
export const MAX_SELF_EVALUATION_CHARS = 20_000;

export interface ParsedProof {
  proof: string;
  selfEvaluation: string;
  selfScore: number;
}

/** The proof, the self-evaluation and its boxed score; undefined when the reply lacks one of them. */
export function parseProofReply(reply: string, assertThinkEnd: boolean): ParsedProof | undefined {
  if (assertThinkEnd && !reply.includes("</think>")) return undefined;
  const text = afterThinking(reply);
  const at = text.indexOf(SOLUTION_HEADER);
  if (at === -1) return undefined;
  const afterSolution = text.slice(at + SOLUTION_HEADER.length);
  const evalAt = afterSolution.indexOf(SELF_EVAL_HEADER);
  if (evalAt === -1) return undefined;
  const selfEvaluation = afterSolution.slice(evalAt + SELF_EVAL_HEADER.length).trim();
  const selfScore = boxedScore(selfEvaluation);
  if (selfScore === undefined) return undefined;
  return { proof: afterSolution.slice(0, evalAt).trim(), selfEvaluation, selfScore };
}

