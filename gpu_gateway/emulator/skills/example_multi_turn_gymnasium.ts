// example_multi_turn_gymnasium: a sum first ("What is 12 plus 30?"), then follow-ups that work on
// the last result ("Now multiply that result by 2.", "Now subtract 4 from that result."); each
// reply shows the step and ends "Final answer: N". Wrong path: the first sum slips (42 -> 52),
// and every follow-up then works on the slipped result it reads back from the history.
import { slip, workOut } from "../policy/arithmetic.ts";
import { lastUserText } from "../policy/conversation.ts";
import { say, type Action, type Situation, type Skill } from "../policy/types.ts";

const FOLLOW_UP = /\b(add|subtract|multiply|divide)\b[^\d-]*(-?\d+(?:\.\d+)?)/i;
const FINAL = /Final answer: (-?\d+(?:\.\d+)?)\s*$/;

const OPERATIONS: Record<string, { symbol: string; apply: (a: number, b: number) => number }> = {
  add: { symbol: "+", apply: (a, b) => a + b },
  subtract: { symbol: "-", apply: (a, b) => a - b },
  multiply: { symbol: "×", apply: (a, b) => a * b },
  divide: { symbol: "÷", apply: (a, b) => a / b },
};

const show = (n: number): string => String(Number.isInteger(n) ? n : Number(n.toFixed(2)));
const answer = (working: string, value: number) => say(`${working} = ${show(value)}.\nFinal answer: ${show(value)}`);

function play({ turns, correct }: Situation): Action {
  const question = lastUserText(turns);
  const previous = turns.findLast((turn) => turn.role === "assistant")?.content;
  if (previous === undefined) {
    const worked = workOut(question);
    return worked ? answer(worked.expression, correct ? worked.value : slip(worked.value)) : say("I don't know.");
  }
  const result = FINAL.exec(previous)?.[1];
  const followUp = FOLLOW_UP.exec(question);
  if (result === undefined || !followUp) return say("I don't know.");
  const operation = OPERATIONS[followUp[1]!.toLowerCase()]!;
  const operand = Number(followUp[2]);
  return answer(`${result} ${operation.symbol} ${show(operand)}`, operation.apply(Number(result), operand));
}

export default { play } satisfies Skill;
