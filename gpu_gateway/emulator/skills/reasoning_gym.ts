// reasoning_gym: knights and knaves puzzles solved (policy/knights_knaves.ts), the generated tasks
// of the families policy/reasoning_tasks.ts reads, and the short tasks the other skills know (a
// word backwards, a count, a lone sum); the answer in <answer> tags, or for some prompts in
// \boxed{}. Wrong path: one islander's role flipped, or the task's slip. Other tasks are declined.
import { lastUserText } from "../policy/conversation.ts";
import { readPuzzle, solvePuzzle, statement } from "../policy/knights_knaves.ts";
import { solveTask } from "../policy/reasoning_tasks.ts";
import { shortAnswer } from "../policy/short_answer.ts";
import { decline, say, type Action, type Situation } from "../policy/types.ts";

/** The line the server ends a generated task's prompt with. */
const GENERATED_TASK = "give your final answer alone between <answer> and </answer> tags";

/** Some prompts get their answer boxed: the form the reference's reader falls back to. */
const boxes = (prompt: string) => prompt.length % 3 === 0;

function wrap(prompt: string, working: string, answer: string): string {
  return boxes(prompt) ? `${working}\n\n\\boxed{${answer}}` : `${working}\n\n<answer>${answer}</answer>`;
}

function play(situation: Situation): Action {
  const prompt = lastUserText(situation.turns);
  const puzzle = readPuzzle(prompt);
  if (puzzle) {
    const knights = solvePuzzle(puzzle);
    if (!knights) return decline("I could not find an assignment that makes every statement consistent.");
    const given = situation.correct ? knights : knights.map((k, i) => (i === knights.length - 1 ? !k : k));
    return say(wrap(prompt, "Trying each assignment of roles, only one makes every statement agree with its speaker.", statement(puzzle, given)));
  }
  const task = solveTask(prompt);
  if (task) return say(wrap(prompt, task.how, situation.correct ? task.right : task.wrong));
  // The short skill reads a lone operation anywhere in a prompt: a generated task none of the
  // solvers read (a fraction to reduce, a longer expression) is declined rather than misread.
  if (prompt.includes(GENERATED_TASK) || (prompt.match(/\d+/g) ?? []).length > 2) return decline("I don't know how to solve this kind of task.");
  const short = shortAnswer.play(situation);
  if (short.declined || short.content === null) return decline("I don't know how to solve this kind of task.");
  const answer = short.content.split("\n").findLast((line) => line.trim())!.replace(/^Final answer:\s*/, "").replace(/^\\boxed\{(.*)\}$/, "$1");
  return say(wrap(prompt, short.content.split("\n")[0]!, answer));
}

export default { play };
