// Short free-form tasks: spell a quoted word backwards, write it in upper case, count its
// letters, or work out a sum; then answer in the form the prompt asks for (\boxed{}, a
// "Final answer:" line, the answer alone on the last line, or nothing but the answer).
// Wrong path: the step is skipped or slips (the word as given, a count or sum off).
import { slip, workOut } from "./arithmetic.ts";
import { lastUserText } from "./conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "./types.ts";

interface Solved {
  working: string;
  answer: string;
}

const QUOTED_WORD = /'([^'\n]+)'/;

type Task = (prompt: string, correct: boolean) => Solved | undefined;

const TASKS: Task[] = [
  (prompt, correct) => {
    const word = QUOTED_WORD.exec(prompt)?.[1];
    if (word === undefined || !/backwards|reverse/i.test(prompt)) return undefined;
    const answer = correct ? [...word].reverse().join("") : word;
    return { working: `Reading '${word}' from the last letter to the first gives '${answer}'.`, answer };
  },
  (prompt, correct) => {
    const word = QUOTED_WORD.exec(prompt)?.[1];
    if (word === undefined || !/upper ?case/i.test(prompt)) return undefined;
    const answer = correct ? word.toUpperCase() : word;
    return { working: `In capitals, '${word}' is written ${answer}.`, answer };
  },
  (prompt, correct) => {
    const word = QUOTED_WORD.exec(prompt)?.[1];
    if (word === undefined || !/how many letters/i.test(prompt)) return undefined;
    const count = [...word].length;
    const answer = String(correct ? count : slip(count));
    return { working: `Counting the letters of '${word}' gives ${answer}.`, answer };
  },
  (prompt, correct) => {
    const worked = workOut(prompt);
    if (worked === undefined) return undefined;
    const answer = String(correct ? worked.value : slip(worked.value));
    return { working: `${worked.expression} = ${answer}.`, answer };
  },
];

const solve = (prompt: string, correct: boolean) => TASKS.reduce<Solved | undefined>((found, task) => found ?? task(prompt, correct), undefined);

function reply(prompt: string, { working, answer }: Solved): string {
  if (prompt.includes("\\boxed{}")) return `${working}\n\n\\boxed{${answer}}`;
  if (/final answer:/i.test(prompt)) return `${working}\nFinal answer: ${answer}`;
  if (/last line/i.test(prompt)) return `${working}\n${answer}`;
  if (/answer only|nothing else/i.test(prompt)) return answer;
  return `${working}\nFinal answer: ${answer}`;
}

function play({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const solved = solve(prompt, correct);
  return solved ? say(reply(prompt, solved)) : decline("I don't know.");
}

export const shortAnswer: Skill = { play };
