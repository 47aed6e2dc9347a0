// imo_proofbench_judge: the five IMO ProofBench example problems (functional equations, an
// inequality, a polynomial identity). The right path outlines the argument and boxes the full
// answer in its own words (so the judge, not the symbolic check, usually decides); the wrong path
// boxes a plausible partial or false answer. The judge recognises the problem anywhere in its
// prompt (ours or NeMo's), gives 7 points when the submission is the right answer and 0 otherwise,
// as <points>N out of 7</points>; on the wrong path it gives the other score.
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

interface Problem {
  asks: RegExp;
  outline: string;
  right: string;
  wrong: string;
}

const PROBLEMS: Problem[] = [
  {
    asks: /f\(2x\)\+2f\(y\)=f\(f\(x\+y\)\)/,
    outline: "Setting x = 0 gives f(f(y)) = 2f(y) + f(0); comparing shows f has constant differences, so f is linear, and substituting f(x) = kx + c leaves k = 0 with c = 0, or k = 2.",
    right: "f(x) = 0 \\text{ or } f(x) = 2x + c \\text{ for a constant } c \\in \\mathbb{Z}",
    wrong: "f(x) = 2x",
  },
  {
    asks: /x\^2 \+ y\^2 \+ z\^2 \+ t\^2 \\ge xyzt/,
    outline: "Suppose xyzt > x^2+y^2+z^2+t^2. By AM-GM, x^2+y^2+z^2+t^2 >= 4\\sqrt{xyzt}, so xyzt > 16; and 2(x+y+z+t) >= xyzt with AM-GM on x+y+z+t gives xyzt <= 16, a contradiction.",
    right: "x^2+y^2+z^2+t^2 \\ge xyzt \\text{ holds (contradiction via AM-GM)}",
    wrong: "\\text{it fails when } x = y = z = t = 3",
  },
  {
    asks: /\(b - a\)f\(f\(a\)\) = a f\(a \+ f\(b\)\)/,
    outline: "P(a, a) gives f(a + f(a)) = 0. If f(0) = c is nonzero, f is injective and a + f(a) = c; if f(0) = 0, either f vanishes everywhere or f(f(x)) = -f(x) forces f(x) = -x.",
    right: "f(x) = 0 \\text{ or } f(x) = k - x \\text{ for a constant } k \\in \\mathbb{R}",
    wrong: "f(x) = x",
  },
  {
    asks: /g\(g\(x\)\)=g\(x\)\+20x/,
    outline: "g is bijective with g(0) = 0; the sequence u_n = g^{(n)}(x) satisfies u_{n+2} = u_{n+1} + 20u_n, whose roots are 5 and -4, and monotonicity rules out the -4 part.",
    right: "g(x) = 5x \\text{ for every real } x",
    wrong: "g(x) = -4x",
  },
  {
    asks: /P\(x\) \+ P\(1\/x\)/,
    outline: "Replacing x by 1/x shows P is even; comparing degrees gives deg P <= 4, and matching coefficients leaves the two families below.",
    right: "P(x) = x^4 + ax^2 + 6 \\text{ or } P(x) = x^2",
    wrong: "P(x) = x^4 + 6",
  },
];

const problemIn = (text: string) => PROBLEMS.find((p) => p.asks.test(text));

function play({ turns, correct }: Situation): Action {
  const problem = problemIn(lastUserText(turns));
  if (!problem) return decline("I cannot solve this one.");
  return say(correct ? `${problem.outline}\n\n\\boxed{${problem.right}}` : `\\boxed{${problem.wrong}}`);
}

function judgePlay({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const problem = problemIn(prompt);
  // The submission is placed in the prompt as written: the right answer is there only if submitted.
  const complete = problem !== undefined && prompt.includes(problem.right);
  const passes = correct ? complete : !complete;
  const reading = passes ? "The submission states the complete answer of the reference solution." : "The submission does not reach the answer of the reference solution.";
  return say(`${reading}\n\n<points>${passes ? 7 : 0} out of 7</points>`);
}

export default { play, judge: { play: judgePlay } } satisfies Skill;
