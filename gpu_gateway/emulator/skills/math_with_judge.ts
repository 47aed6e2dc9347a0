// math_with_judge: math problems that ask for the answer in \boxed{}: a fraction in lowest terms,
// a square root simplified, a linear equation, a circle's area, a linear inequality as an
// interval. The answer is worked out and boxed in a form other than the expected one where there
// is one (3/4 for \frac{3}{4}, x = 5), so the verifier has to see through notation. Wrong path: a
// plausible slip (an off-by-one value, the diameter for the radius, a closed bracket). The
// server's judge calls carry no environment: the policy's fallback plays the judge.
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

interface Solved {
  working: string;
  answer: string;
}

type Solver = (question: string, correct: boolean) => Solved | undefined;

const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));

const NUMBER = String.raw`(-?\d+)`;

const SOLVERS: Solver[] = [
  (q, correct) => {
    const m = new RegExp(String.raw`fraction \\\(\s*\\frac\{(\d+)\}\{(\d+)\}\s*\\\) in lowest terms`).exec(q);
    if (!m) return undefined;
    const [n, d] = [Number(m[1]), Number(m[2])];
    const g = gcd(n, d);
    const answer = correct ? `${n / g}/${d / g}` : `${n / g + 1}/${d / g}`;
    return { working: `Both ${n} and ${d} are divisible by ${g}.`, answer };
  },
  (q, correct) => {
    const m = /Simplify \\\(\s*\\sqrt\{(\d+)\}\s*\\\)/.exec(q);
    if (!m) return undefined;
    const radicand = Number(m[1]);
    let outside = 1;
    for (let k = Math.floor(Math.sqrt(radicand)); k > 1; k--) {
      if (radicand % (k * k) === 0) {
        outside = k;
        break;
      }
    }
    const inside = radicand / (outside * outside);
    const answer = correct ? `${outside}\\sqrt{${inside}}` : `${outside + 1}\\sqrt{${inside}}`;
    return { working: `${radicand} = ${outside * outside} \\cdot ${inside}.`, answer };
  },
  (q, correct) => {
    const m = new RegExp(String.raw`Solve for \\\(\s*x\s*\\\): \\\(\s*${NUMBER}x\s*([+-])\s*(\d+)\s*=\s*${NUMBER}\s*\\\)`).exec(q);
    if (!m) return undefined;
    const [a, sign, b, c] = [Number(m[1]), m[2], Number(m[3]), Number(m[4])];
    const x = (c - (sign === "+" ? b : -b)) / a;
    return { working: `Isolate x: ${a}x = ${c - (sign === "+" ? b : -b)}.`, answer: `x = ${correct ? x : x + 1}` };
  },
  (q, correct) => {
    const m = /circle has radius \\\(\s*(\d+)\s*\\\)\. What is its area/.exec(q);
    if (!m) return undefined;
    const r = Number(m[1]);
    const answer = correct ? `${r * r}\\pi` : `${2 * r}\\pi`;
    return { working: `The area is \\pi r^2 with r = ${r}.`, answer };
  },
  (q, correct) => {
    const m = new RegExp(String.raw`inequality \\\(\s*${NUMBER}x\s*([+-])\s*(\d+)\s*>\s*${NUMBER}\s*\\\)`).exec(q);
    if (!m) return undefined;
    const [a, sign, b, c] = [Number(m[1]), m[2], Number(m[3]), Number(m[4])];
    if (a <= 0) return undefined;
    const bound = (c - (sign === "+" ? b : -b)) / a;
    const answer = correct ? `\\left(${bound}, \\infty\\right)` : `[${bound}, \\infty)`;
    return { working: `Dividing by ${a} gives x > ${bound}.`, answer };
  },
];

const solve = (prompt: string, correct: boolean) => SOLVERS.reduce<Solved | undefined>((found, solver) => found ?? solver(prompt, correct), undefined);

function play({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const solved = solve(prompt, correct);
  return solved ? say(`${solved.working}\n\nThe answer is \\(\\boxed{${solved.answer}}\\).`) : decline("I cannot solve this one.");
}

export default { play } satisfies Skill;
