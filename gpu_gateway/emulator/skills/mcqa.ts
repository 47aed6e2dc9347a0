// mcqa: multiple choice ("What is 27 + 58?" then "A: 75", "B: 95", ...): work the question out, pick
// the option with that value and answer in the form the prompt asks for: a quoted template such
// as 'Answer: X' or "Final Choice: X", else \boxed{} (the option's text when the prompt asks
// for it), else "Answer: X". Wrong path: an arithmetic slip, so the next option is chosen.
import { workOut } from "../policy/arithmetic.ts";
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

interface Option {
  letter: string;
  text: string;
}

const OPTION_LINE = /^([A-Z]): (.+)$/gm;
// A quoted answer template ending in the placeholder X: 'Answer: X', "ANSWER IS X".
const TEMPLATE = /["']([^"'\n]{1,40})["']/g;

const options = (prompt: string): Option[] => [...prompt.matchAll(OPTION_LINE)].map(([, letter, text]) => ({ letter: letter!, text: text!.trim() }));

function answerLine(prompt: string, chosen: Option): string {
  const template = [...prompt.matchAll(TEMPLATE)].map((m) => m[1]!).find((t) => /\bX$/.test(t));
  if (template !== undefined) return `${template.slice(0, -1)}${chosen.letter}`;
  if (prompt.includes("\\boxed{}")) return /text of the option/i.test(prompt) ? `\\boxed{${chosen.text}}` : `\\boxed{${chosen.letter}}`;
  return `Answer: ${chosen.letter}`;
}

function play({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const choices = options(prompt);
  const worked = workOut(prompt);
  const right = worked && choices.find((o) => Number(o.text) === worked.value);
  if (!worked || !right) return decline("I cannot tell which of these options is right.");
  const chosen = correct ? right : choices[(choices.indexOf(right) + 1) % choices.length]!;
  return say(`${worked.expression} = ${chosen.text}, which is option ${chosen.letter}.\n\n${answerLine(prompt, chosen)}`);
}

export default { play } satisfies Skill;
