// Seven families of answers on which the engine reads answers as HuggingFace Math-Verify does
// (NeMo Gym's library_reward): several boxes, answers without a box, labelled answers,
// inequalities and intervals, matrices, less common notation, and numeric tolerance. Each case
// is written from the family's definition: [expected, reply or given answer, equal?].
import { describe, expect, test } from "vitest";
import { mathEquivalent } from "../../../../shared/verifiers/math/equivalent.ts";
import { finalAnswer } from "../../../../shared/verifiers/math/extract.ts";

type Case = readonly [expected: string, given: string, equal: boolean];

/** Scores a whole reply: its final answer (as extracted) against the expected answer. */
function replyScore(expected: string, reply: string): boolean {
  const answer = finalAnswer(reply);
  return answer !== undefined && mathEquivalent(expected, answer).equal;
}

const SEVERAL_BOXES: Case[] = [
  ["1, 2", "The roots are \\boxed{1} and \\boxed{2}.", true],
  ["\\{1, 2\\}", "The roots are \\boxed{2} and \\boxed{1}.", true],
  ["1, 2, 3", "\\boxed{1}, \\boxed{2}, \\boxed{3}", true],
  ["-3, 5", "x = \\boxed{-3} or x = \\boxed{5}", true],
  ["2, 3", "a=\\boxed{2}; b=\\boxed{3}", true],
  ["\\frac{1}{2}, 4", "$\\boxed{\\frac12}$ and $\\boxed{4}$", true],
  ["3", "First I thought \\boxed{2}, but after recomputing every step carefully from the very start, the result I get is \\boxed{3}", true],
  ["3", "\\boxed{3} ... \\boxed{3}", true],
  ["3", "So \\boxed{3}. Indeed the answer is \\boxed{3}", true],
  ["5", "\\boxed{5} then \\boxed{5", true],
  ["1, 2", "\\boxed{1}\\boxed{2}", true],
  ["7", "\\fbox{7}", true],
  ["1, 2", "\\boxed{1,2}", true],
  ["(1, 2), (3, 4)", "\\boxed{(1,2)} and \\boxed{(3,4)}", true],
  ["2", "The roots are \\boxed{1} and \\boxed{2}.", false],
  ["1", "The roots are \\boxed{1} and \\boxed{2}.", false],
  ["1, 2", "\\boxed{1} is wrong; looking again at the whole problem from the beginning, it is \\boxed{2}", false],
  ["1, 2, 3", "\\boxed{1} and \\boxed{2}", false],
  ["1, 2", "\\boxed{1}, \\boxed{2}, \\boxed{3}", false],
  ["2", "First I thought \\boxed{2}, but recomputing everything carefully from the start I get \\boxed{3}", false],
  ["(1, 2)", "\\boxed{3} and \\boxed{(1,2)}", false],
  ["4", "\\boxed{4} and \\boxed{5}", false],
];

const NO_BOX: Case[] = [
  ["12", "Adding them up, the answer is 12.", true],
  ["12", "Final answer: 12", true],
  ["12", "The final answer is 12. I hope it is correct.", true],
  ["\\frac{3}{4}", "The final answer is $\\frac{3}{4}$. I hope it is correct.", true],
  ["\\frac{3}{4}", "So the probability is $\\frac{3}{4}$.", true],
  ["\\frac{3}{4}", "Therefore the answer is \\(\\frac{3}{4}\\).", true],
  ["\\sqrt{2}", "Hence the length is \\[\\sqrt{2}\\]", true],
  ["5", "answer: 2 + 3 = 5", true],
  ["1234.5", "The total cost is $1,234.50 dollars.", true],
  ["28\\%", "We find that 28 percent of them pass.", true],
  ["0.75", "It comes to 3/4 of the whole", true],
  ["6", "First we get $x = 3$, so the final answer is $6$", true],
  ["\\frac{1}{2}", "the value is \\frac{1}{2} here", true],
  ["1, 2", "The solutions are $1$ and $2$", true],
  ["2", "x=1 first, then the answer is 2", true],
  ["12", "Adding them up, the answer is 13.", false],
  ["12", "Final answer: 21", false],
  ["\\frac{3}{4}", "So the probability is $\\frac{2}{3}$.", false],
  ["12", "We found 12 earlier, but the answer is 14.", false],
  ["3", "First we get $x = 3$, so the final answer is $6$", false],
  ["5", "I could not solve this problem.", false],
  ["1, 2", "The solutions are $1$ and $3$", false],
];

const LABELLED: Case[] = [
  ["(3, 2)", "(p,q)=(3,2)", true],
  ["(p,q)=(3,2)", "(3, 2)", true],
  ["1", "f(x)=1", true],
  ["f(x)=1", "1", true],
  ["4, 5", "AB=4, CD=5", true],
  ["AB=4, CD=5", "4, 5", true],
  ["a=2, b=3", "a=2, b=3", true],
  ["a=2, b=3", "b=3, a=2", true],
  ["x=5", "5", true],
  ["5", "x = 5", true],
  ["5", "2+3=5", true],
  ["\\frac{1}{2}", "P(A) = \\frac{1}{2}", true],
  ["x = 1 \\text{ or } x = 2", "1, 2", true],
  ["(p,q)=(3,2)", "(p, q) = (3, 2)", true],
  ["\\alpha = 30", "30", true],
  ["a=2, b=3", "a=3, b=2", false],
  ["a=2", "b=2", false],
  ["(3, 2)", "(p,q)=(2,3)", false],
  ["1", "f(x)=2", false],
  ["4, 5", "AB=4, CD=6", false],
  ["x=5", "6", false],
  ["(p,q)=(3,2)", "(p,q)=(2,3)", false],
];

const INEQUALITIES: Case[] = [
  ["x \\in [-2, 7]", "[-2, 7]", true],
  ["[-2, 7]", "x \\in [-2,7]", true],
  ["-1 < a < 10", "(-1, 10)", true],
  ["-1 \\le a < 10", "[-1, 10)", true],
  ["0<f(x)<1", "(0, 1)", true],
  ["x > 3", "(3, \\infty)", true],
  ["x \\ge 3", "[3, +\\infty)", true],
  ["x < 2", "(-\\infty, 2)", true],
  ["10 > t > 2", "(2, 10)", true],
  ["x \\le 2 \\text{ or } x > 5", "(-\\infty, 2] \\cup (5, \\infty)", true],
  ["-x > -1", "x < 1", true],
  ["2x \\le 6", "x \\le 3", true],
  ["y=2x+1", "2x-y+1=0", true],
  ["2y = 4x + 2", "y = 2x + 1", true],
  ["x + y = 1", "y = 1 - x", true],
  ["-1 < a < 10", "(-1, 10]", false],
  ["-1 < a < 10", "[-1, 10)", false],
  ["x > 3", "[3, \\infty)", false],
  ["x < 2", "(2, \\infty)", false],
  ["-x > -1", "x > 1", false],
  ["-2x < 6", "x < -3", false],
  ["y=2x+1", "2x-y-1=0", false],
  ["x \\in [-2, 7]", "[-2, 7)", false],
  ["0<f(x)<1", "(0, 2)", false],
];

const pm = (rows: string[]) => `\\begin{pmatrix} ${rows.join(" \\\\ ")} \\end{pmatrix}`;
const bm = (rows: string[]) => `\\begin{bmatrix} ${rows.join(" \\\\ ")} \\end{bmatrix}`;

const MATRICES: Case[] = [
  [pm(["1 & 2", "3 & 4"]), bm(["1 & 2", "3 & 4"]), true],
  [pm(["1 & 2", "3 & 4"]), "\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}", true],
  [pm(["\\frac12 & 0", "0 & 1"]), pm(["0.5 & 0", "0 & 1"]), true],
  [pm(["\\sqrt{4} & 1"]), pm(["2 & 1"]), true],
  [pm(["1", "2", "3"]), bm(["1", "2", "3"]), true],
  [pm(["x+1 & 2x"]), pm(["1+x & x \\cdot 2"]), true],
  [pm(["1 & 2", "3 & 4"]), "\\left[\\begin{matrix}1 & 2 \\\\ 3 & 4\\end{matrix}\\right]", true],
  [pm(["1 & 2", "3 & 4"]), "\\begin{array}{cc} 1 & 2 \\\\ 3 & 4 \\end{array}", true],
  [pm(["1 & 2", "3 & 4"]), pm(["1 & 2", "3 & 4 \\\\"]), true],
  [pm(["-\\frac{1}{3} & \\pi"]), bm(["-1/3 & pi"]), true],
  [pm(["1 & 2", "3 & 4"]), pm(["1 & 2", "4 & 3"]), false],
  [pm(["1 & 2", "3 & 4"]), pm(["1 & 3", "2 & 4"]), false],
  [pm(["1 & 2", "3 & 4"]), pm(["1 & 2 & 3 & 4"]), false],
  [pm(["1", "2"]), pm(["1 & 2"]), false],
  [pm(["1 & 2", "3 & 4"]), pm(["1 & 2", "3 & 5"]), false],
  [pm(["\\frac12 & 0"]), pm(["0.51 & 0"]), false],
  [pm(["1 & 2", "3 & 4"]), "1 & 2 \\\\ 3 & 4", false],
  [pm(["1 & 2", "3 & 4"]), pm(["1 & 2", "3 & 4", "5 & 6"]), false],
  [pm(["x & 1"]), pm(["y & 1"]), false],
  [pm(["1 & 2", "3 & 4"]), "(1, 2, 3, 4)", false],
];

const NOTATION: Case[] = [
  ["28\\%", "28 percent", true],
  ["28\\%", "28 \\text{ percent}", true],
  ["0.28", "28 percent", true],
  ["12.5\\%", "12.5 percentage", true],
  ["1.5", "1\\frac{1}{2}", true],
  ["\\frac{7}{4}", "1\\frac34", true],
  ["-2.25", "-2\\frac{1}{4}", true],
  ["16386.20", "16,\\!386.20", true],
  ["1234567", "1,\\!234,\\!567", true],
  ["10", "{5 \\choose 2}", true],
  ["\\binom{6}{3}", "{6 \\choose 3}", true],
  ["6", "\\gcd(12, 18)", true],
  ["36", "\\operatorname{lcm}(12, 18)", true],
  ["(-\\infty, \\infty)", "\\mathbb{R}", true],
  ["\\mathbb{R}", "(-\\infty,+\\infty)", true],
  ["(0, \\infty)", "(0, +\\infty)", true],
  ["+\\infty", "\\infty", true],
  ["2\\sqrt{2}", "2\\frac{\\sqrt{2}}{1}", true],
  ["28\\%", "29 percent", false],
  ["1.5", "1\\frac{1}{3}", false],
  ["16386.20", "16,\\!387.20", false],
  ["10", "{5 \\choose 3}", true],
  ["11", "{5 \\choose 2}", false],
  ["6", "\\gcd(12, 16)", false],
  ["(0, \\infty)", "(0, -\\infty)", false],
  ["\\mathbb{R}", "(0, \\infty)", false],
  ["+\\infty", "-\\infty", false],
];

const TOLERANCE: Case[] = [
  ["1", "1.0000000000001", false],
  ["1", "1.00000000000001", false],
  ["\\frac{1}{3}", "0.33333333333333", false],
  ["\\frac{1}{3}", "0.3333333333333333333", true],
  ["\\pi", "3.14159265358979", false],
  ["\\pi", "3.14159265358979323846", true],
  ["\\sqrt{2}", "1.41421356237309504880", true],
  ["\\sqrt{2}", "1.4142135623731", false],
  ["\\frac{10^{20}+1}{10^{20}}", "1", false],
  ["\\frac{10^{20}+1}{10^{20}}", "\\frac{10^{20}+2}{10^{20}+1}", false],
  ["\\frac{2}{6}", "\\frac{1}{3}", true],
  ["\\frac{10^{20}+1}{10^{20}}", "1+10^{-20}", true],
  ["1.0000000000001", "1.0000000000001", true],
  ["0.1+0.2", "0.3", true],
  ["2^{-60}", "\\frac{1}{1152921504606846976}", true],
  ["2^{-60}", "\\frac{1}{1152921504606846975}", false],
  ["e", "2.71828182845904523536", true],
  ["e", "2.718281828459", false],
  ["\\frac{1}{7}", "0.142857142857142857142857", true],
  ["\\frac{1}{7}", "0.1428571428571", false],
  ["100000000000000000001", "100000000000000000000", false],
  ["123456.789", "123456.789000001", false],
  ["123456.789", "123456.7890000000001", true],
];

const FAMILIES: Array<[string, Case[], (expected: string, given: string) => boolean]> = [
  ["several boxes", SEVERAL_BOXES, replyScore],
  ["no box", NO_BOX, replyScore],
  ["labelled answers", LABELLED, (e, g) => mathEquivalent(e, g).equal],
  ["inequalities and intervals", INEQUALITIES, (e, g) => mathEquivalent(e, g).equal],
  ["matrices", MATRICES, (e, g) => mathEquivalent(e, g).equal],
  ["notation", NOTATION, (e, g) => mathEquivalent(e, g).equal],
  ["tolerance", TOLERANCE, (e, g) => mathEquivalent(e, g).equal],
];

for (const [family, cases, score] of FAMILIES) {
  describe(`math families: ${family}`, () => {
    test("at least 20 cases, with positives and negatives", () => {
      expect(cases.length).toBeGreaterThanOrEqual(20);
      expect(cases.some(([, , equal]) => equal) && cases.some(([, , equal]) => !equal)).toBe(true);
    });
    test.each(cases)("%s vs %s: %s", (expected, given, equal) => {
      expect(score(expected, given)).toBe(equal);
    });
  });
}
