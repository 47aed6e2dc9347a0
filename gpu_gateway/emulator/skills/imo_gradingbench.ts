// imo_gradingbench: a prompt asks for a grade of the text after "Solution:", ending in one word:
// incorrect, partial, almost or correct. The right path grades by what the solution admits to: a
// step waved through as trivial is partial, a conclusion that merely "follows" is incorrect, a
// solution that never closes with QED is almost, and the rest are correct. The wrong path gives
// the next grade down the scale (incorrect wraps round to correct).
import { lastUserText } from "../policy/conversation.ts";
import { say, type Action, type Situation, type Skill } from "../policy/types.ts";

const GRADES = ["correct", "almost", "partial", "incorrect"] as const;

function grade(solution: string): (typeof GRADES)[number] {
  if (/trivial/i.test(solution)) return "partial";
  if (/\bfollows\b/i.test(solution)) return "incorrect";
  return /\bQED\b/.test(solution) ? "correct" : "almost";
}

function play({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const at = prompt.lastIndexOf("Solution:");
  const right = grade(at === -1 ? prompt : prompt.slice(at));
  const given = correct ? right : GRADES[(GRADES.indexOf(right) + 1) % GRADES.length]!;
  return say(`I checked each step of the solution against the problem statement.\n\n${given}`);
}

export default { play } satisfies Skill;
