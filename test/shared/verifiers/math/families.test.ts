// Families of answers on which the engine reads answers as HuggingFace Math-Verify does
// (NeMo Gym's library_reward): several boxes, answers without a box, labelled answers,
// inequalities and intervals, matrices, less common notation, and numeric tolerance; then the
// ones where Math-Verify was right and this engine was not (issue 28), with the near misses that
// must still fail: a gold that names its quantities, an answer split over several boxes, `\pm`,
// an inequality answered by its intervals, a solution list with a repeat, and commutativity inside
// a term. Each case is written from the family's definition: [expected, reply or given answer, equal?].
import { describe, expect, test } from "vitest";
import { mathEquivalent } from "../../../../shared/verifiers/math/equivalent.ts";
import { finalAnswer } from "../../../../shared/verifiers/math/extract.ts";

type Case = readonly [expected: string, given: string, equal: boolean];

/** Scores a whole reply: its final answer (as extracted) against the expected answer. */
function replyScore(expected: string, reply: string): boolean {
  const answer = finalAnswer(reply);
  return answer !== undefined && mathEquivalent(expected, answer).equal;
}

/** Scores a given answer, or a whole reply when it starts with "R:". */
const answerOrReplyScore = (expected: string, given: string): boolean =>
  given.startsWith("R:") ? replyScore(expected, given.slice(2)) : mathEquivalent(expected, given).equal;

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

const NAMED: Case[] = [
  ["p=5,q=2;p=7,q=2", "(5,2),(7,2)", true],
  ["p=5,q=2;p=7,q=2", "(7,2),(5,2)", true],
  ["p=5,q=2;p=7,q=2", "\\{(5,2),(7,2)\\}", true],
  ["p=5,q=2;p=7,q=2", "R:The pairs are \\boxed{(5,2)}, \\boxed{(7,2)}.", true],
  ["p=5, q=2; p=7, q=2", "p=7,q=2;p=5,q=2", true],
  ["|AB|=1", "1", true],
  ["|AB| = \\sqrt{2}", "\\frac{2}{\\sqrt 2}", true],
  ["V_1:V_2=11:21", "11:21", true],
  ["V_1:V_2=11:21", "\\frac{11}{21}", true],
  ["V_1:V_2=11:21", "R:So the ratio is $11:21$.", true],
  ["\\angle ABC = 30", "30", true],
  ["S_{\\triangle ABC}=6", "6", true],
  ["x+y=5", "5", true],
  ["a=2, b=3", "(2, 3)", true],
  ["p=5,q=2;p=7,q=2", "(5,2)", false],
  ["p=5,q=2;p=7,q=2", "(5,2),(7,3)", false],
  ["p=5,q=2;p=7,q=2", "(2,5),(2,7)", false],
  ["p=5,q=2;p=7,q=2", "5, 2, 7, 2", false],
  ["p=5,q=2;p=7,q=2", "(5,2),(5,2)", false],
  ["|AB|=1", "2", false],
  ["V_1:V_2=11:21", "21:11", false],
  ["a=2, b=3", "(3, 2)", false],
  // A number or a minus on the left is an equation, not a name: Math-Verify keeps it whole.
  ["x-y=5", "5", false],
  ["2x=5", "5", false],
  ["f(2)=3", "3", false],
];

const SPLIT_BOXES: Case[] = [
  ["(3, 5)", "R:So $x=\\boxed{3}$ and $y=\\boxed{5}$.", true],
  ["(3, 5)", "R:\\boxed{3}, \\boxed{5}", true],
  ["(1, 2, 3)", "R:\\boxed{1}, \\boxed{2}, \\boxed{3}", true],
  ["x=3, y=5", "R:\\boxed{x=3}, \\boxed{y=5}", true],
  ["p=5,q=2;p=7,q=2", "R:\\boxed{(5,2)} and \\boxed{(7,2)}", true],
  ["\\pm 2021", "R:\\boxed{2021} or \\boxed{-2021}", true],
  ["(3, 5)", "R:\\boxed{5} and \\boxed{3}", false],
  ["[3, 5]", "R:\\boxed{3} and \\boxed{5}", false],
  ["(1, 2, 3)", "R:\\boxed{1}, \\boxed{2}", false],
  ["(1, 2, 3)", "\\{1, 2, 3\\}", false],
  ["p=5,q=2;p=7,q=2", "R:\\boxed{(5,2)}", false],
];

const PLUS_MINUS: Case[] = [
  ["\\pm 2021", "\\{-2021, 2021\\}", true],
  ["\\pm 2021", "2021, -2021", true],
  ["\\pm 2021", "\\{\\pm 2021\\}", true],
  ["\\pm 2021", "x = \\pm 2021", true],
  ["\\pm 2021", "x = 2021 \\text{ or } x = -2021", true],
  ["x=\\pm 2021", "\\{2021, -2021\\}", true],
  ["\\{-2021, 2021\\}", "\\pm 2021", true],
  ["\\pm 2021", "2021", false],
  ["\\pm 2021", "-2021", false],
  ["\\pm 2021", "\\{2021\\}", false],
  ["\\pm 2021", "2021, 2021", false],
  ["\\pm 2021", "-2021, 2021, 0", false],
];

const INEQUALITY_INTERVALS: Case[] = [
  ["x<2 \\text{ or } x>5", "(-\\infty,2)\\cup(5,\\infty)", true],
  ["x<2 \\text{ or } x>5", "(5,+\\infty)\\cup(-\\infty,2)", true],
  ["x<2 \\text{ or } x>5", "x\\in(-\\infty,2)\\cup(5,\\infty)", true],
  ["x>5 \\text{ or } x<2", "(-\\infty, 2) ∪ (5, ∞)", true],
  ["x \\geqslant 3", "[3, +\\infty)", true],
  ["x \\leqslant -1 \\text{ or } x \\geqslant 3", "(-\\infty,-1]\\cup[3,+\\infty)", true],
  ["x<2 \\text{ or } x>5", "(-\\infty,2]\\cup(5,\\infty)", false],
  ["x<2 \\text{ or } x>5", "(-\\infty,2)\\cup(5,\\infty)\\cup(7,8)", false],
  ["x<2 \\text{ or } x>5", "(2,5)", false],
  ["x \\geqslant 3", "(3, +\\infty)", false],
];

const REPEATS: Case[] = [
  ["(1,2),(3,4)", "(1,2),(1,2),(3,4)", true],
  ["(1,2),(1,2),(3,4)", "(3,4),(1,2)", true],
  ["\\{(0,0),(1,1)\\}", "(1,1),(0,0),(1,1)", true],
  ["p=5,q=2;p=7,q=2", "(5,2),(7,2),(5,2)", true],
  ["(1,2),(3,4)", "(1,2),(1,2)", false],
  ["(1,2),(3,4)", "(1,2),(1,2),(1,2)", false],
  ["(1,2),(1,2),(3,4)", "(1,2),(3,4),(5,6)", false],
  ["(1,2),(3,4),(5,6)", "(1,2),(3,4),(3,4)", false],
];

const COMMUTATIVITY: Case[] = [
  ["2ab+c", "c+2ba", true],
  ["2\\alpha\\beta+\\gamma", "\\gamma+2\\beta\\alpha", true],
  ["\\overline{AB}+c", "c+\\overline{AB}", true],
  ["2\\vec{a}\\cdot\\vec{b}+c", "c+2\\vec{b}\\cdot\\vec{a}", true],
  ["\\frac{1}{2}ab\\sin C", "\\frac{1}{2}\\sin C \\cdot ba", true],
  ["2ab+c", "2ab+2c", false],
  ["2ab+c", "c+2ba+1", false],
  ["\\overline{AB}+c", "c+\\overline{BA}", false],
  ["\\overline{AB}+c", "c+AB", false],
  ["\\vec{a}+\\vec{b}", "\\vec{a}+\\hat{b}", false],
];

const FAMILIES: Array<[string, Case[], (expected: string, given: string) => boolean, minimum?: number]> = [
  ["several boxes", SEVERAL_BOXES, replyScore],
  ["no box", NO_BOX, replyScore],
  ["labelled answers", LABELLED, (e, g) => mathEquivalent(e, g).equal],
  ["inequalities and intervals", INEQUALITIES, (e, g) => mathEquivalent(e, g).equal],
  ["matrices", MATRICES, (e, g) => mathEquivalent(e, g).equal],
  ["notation", NOTATION, (e, g) => mathEquivalent(e, g).equal],
  ["tolerance", TOLERANCE, (e, g) => mathEquivalent(e, g).equal],
  ["a gold that names its quantities", NAMED, answerOrReplyScore, 8],
  ["an answer split over several boxes", SPLIT_BOXES, answerOrReplyScore, 8],
  ["\\pm against both values", PLUS_MINUS, answerOrReplyScore, 8],
  ["an inequality against its intervals", INEQUALITY_INTERVALS, answerOrReplyScore, 8],
  ["a solution list with a repeat", REPEATS, answerOrReplyScore, 8],
  ["commutativity inside a term", COMMUTATIVITY, answerOrReplyScore, 8],
];

for (const [family, cases, score, minimum = 20] of FAMILIES) {
  describe(`math families: ${family}`, () => {
    test(`at least ${minimum} cases, with positives and negatives`, () => {
      expect(cases.length).toBeGreaterThanOrEqual(minimum);
      expect(cases.some(([, , equal]) => equal) && cases.some(([, , equal]) => !equal)).toBe(true);
    });
    test.each(cases)("%s vs %s: %s", (expected, given, equal) => {
      expect(score(expected, given)).toBe(equal);
    });
  });
}

describe("relations without a variable", () => {
  test("are compared by value, not scaled into each other", () => {
    expect(mathEquivalent("1 > 2", "1 > 3").equal).toBe(false);
    expect(mathEquivalent("\\{x : x > 2\\}", "\\{x : x > 3\\}").equal).toBe(false);
    expect(mathEquivalent("0 = 0", "0 = 0").equal).toBe(true);
  });
});
