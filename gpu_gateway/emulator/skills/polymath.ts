// polymath: short math problems in several languages that ask for a \boxed{} answer: a product
// written 5 乘以 6 or 12 · 12, a linear equation ax ± b = c, a sum of k from 1 to n, or one
// operation workOut reads. Wrong path: a plausible slip (policy/arithmetic.ts).
import { slip, workOut } from "../policy/arithmetic.ts";
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

const SUM = /\\sum_\{k=1\}\^\{(\d+)\}\s*k/;
// The lookbehinds start a number only where a digit run starts, so the scans stay linear.
const LINEAR = /(?<!\d)(\d+)x\s*([-+])\s*(\d+)\s*=\s*(-?\d+)/;
const PRODUCT = /(?<!\d)(\d+)\s*(?:乘以|·)\s*(\d+)/;

function solve(question: string): number | undefined {
  const sum = SUM.exec(question);
  if (sum) return (Number(sum[1]) * (Number(sum[1]) + 1)) / 2;
  const linear = LINEAR.exec(question);
  if (linear) {
    const [a, b, c] = [Number(linear[1]), Number(linear[3]), Number(linear[4])];
    return (linear[2] === "-" ? c + b : c - b) / a;
  }
  const product = PRODUCT.exec(question);
  if (product) return Number(product[1]) * Number(product[2]);
  return workOut(question)?.value;
}

function play({ turns, correct }: Situation): Action {
  const value = solve(lastUserText(turns));
  if (value === undefined || !Number.isFinite(value)) return decline("I cannot solve this one.");
  const answer = correct ? value : slip(value);
  return say(`Working it through step by step gives ${answer}.\n\n\\boxed{${answer}}`);
}

export default { play } satisfies Skill;
