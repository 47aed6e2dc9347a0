// The proof a reply picks: after its last `</think>`, the text between the first <best_solution>
// and the first </best_solution> after it, stripped and read as Python's int() reads it, must be
// 1 or 2.
import { afterThinking } from "../../../shared/judge/proof_scores.ts";
import { pyStrip, pythonInt } from "../../../shared/verifiers/python_str.ts";

const OPEN = "<best_solution>";
const CLOSE = "</best_solution>";

/** 1 or 2, or null when the reply picks neither (or lacks `</think>` when that is required). */
export function bestSolution(reply: string, assertThinkEnd: boolean): 1 | 2 | null {
  if (assertThinkEnd && !reply.includes("</think>")) return null;
  const answer = afterThinking(reply);
  if (!answer.includes(OPEN) || !answer.includes(CLOSE)) return null;
  const start = answer.indexOf(OPEN) + OPEN.length;
  const end = answer.indexOf(CLOSE, start);
  const value = pythonInt(pyStrip(end === -1 ? answer.slice(start) : answer.slice(start, end)));
  return value === 1n ? 1 : value === 2n ? 2 : null;
}
