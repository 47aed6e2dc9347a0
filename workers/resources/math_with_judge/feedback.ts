// What a self-correcting agent is told about a wrong answer (NeMo Gym's `error_feedback`, which its
// proof_refinement_agent feeds back): the answer this server extracted and why it did not count,
// never the expected answer. A right answer has none (null).
const FEEDBACK_FIELD = "error_feedback";

interface Scored {
  reward: number;
  extracted_answer: string | null;
  library_budget_exhausted: boolean;
  judge_evaluations: unknown[] | null;
}

function why(result: Scored): string | null {
  if (result.reward === 1) return null;
  if (result.extracted_answer === null) return "No final answer was found in your reply. Give the final answer in \\boxed{}.";
  const answer = `Your final answer, ${result.extracted_answer}, is not correct`;
  if (result.judge_evaluations !== null) return `${answer}: it is not equivalent to the expected answer, symbolically or by a judge's reading.`;
  if (result.library_budget_exhausted) return `${answer}: it could not be shown equivalent to the expected answer within the checker's budget; give it in a simpler form.`;
  return `${answer}: it is not equivalent to the expected answer.`;
}

export function withErrorFeedback<T extends Scored>(result: T): T & { [FEEDBACK_FIELD]: string | null } {
  return { ...result, [FEEDBACK_FIELD]: why(result) };
}
