// The math equivalence engine in workerd (where code generation is forbidden): pairs of answers
// that state the same math and pairs that do not, by form, and bounded checks on hostile input.
import { describe, expect, test } from "vitest";
import { mathEquivalent } from "../../../../shared/verifiers/math/equivalent.ts";

type Pair = readonly [form: string, expected: string, given: string];

const EQUIVALENT: Pair[] = [
  // Integers and decimals, plain and LaTeX.
  ["integer", "42", "42"],
  ["integer", "-7", "-7"],
  ["integer", "42", "42.0"],
  ["integer", "0", "-0"],
  ["integer", "1000", "1,000"],
  ["integer", "1234567", "1,234,567"],
  ["integer", "1000", "1{,}000"],
  ["integer", "12", "+12"],
  ["integer", "42", "４２"],
  ["decimal", "0.5", ".5"],
  ["decimal", "3.14", "3.140"],
  ["decimal", "-2.75", "-2.75"],
  ["decimal", "0.125", "\\frac{1}{8}"],
  // Fractions in every spelling.
  ["fraction", "\\frac{1}{2}", "0.5"],
  ["fraction", "\\frac{3}{4}", "3/4"],
  ["fraction", "\\dfrac{3}{4}", "\\frac{3}{4}"],
  ["fraction", "\\tfrac{5}{6}", "5/6"],
  ["fraction", "\\frac12", "\\frac{1}{2}"],
  ["fraction", "\\frac{6}{8}", "\\frac{3}{4}"],
  ["fraction", "-\\frac{2}{3}", "\\frac{-2}{3}"],
  ["fraction", "-\\frac{2}{3}", "\\frac{2}{-3}"],
  ["fraction", "\\frac{1}{3}", "1/3"],
  ["fraction", "\\frac{22}{7}", "22 / 7"],
  ["fraction", "\\frac{83}{499}", "83/499"],
  ["fraction", "\\frac{\\frac{1}{2}}{\\frac{3}{4}}", "\\frac{2}{3}"],
  ["fraction", "\\frac{7}{2}", "3.5"],
  ["fraction", "\\cfrac{1}{1+\\cfrac{1}{2}}", "\\frac{2}{3}"],
  ["fraction", "\\frac{1}{3}", "0.3333333333333333333"],
  // Radicals.
  ["radical", "\\sqrt{2}", "sqrt(2)"],
  ["radical", "\\sqrt{8}", "2\\sqrt{2}"],
  ["radical", "2\\sqrt{2}", "\\sqrt 8"],
  ["radical", "\\frac{\\sqrt{2}}{2}", "\\frac{1}{\\sqrt{2}}"],
  ["radical", "\\frac{\\sqrt{3}}{2}", "sqrt(3)/2"],
  ["radical", "\\sqrt[3]{27}", "3"],
  ["radical", "\\sqrt[3]{-8}", "-2"],
  ["radical", "\\sqrt[3]{2}", "2^{1/3}"],
  ["radical", "3\\sqrt{5}", "\\sqrt{45}"],
  ["radical", "\\sqrt{2}+\\sqrt{3}", "\\sqrt{5+2\\sqrt{6}}"],
  ["radical", "\\frac{1+\\sqrt{5}}{2}", "\\frac{2}{\\sqrt{5}-1}"],
  ["radical", "\\sqrt{2}", "√2"],
  ["radical", "2^{\\frac{1}{2}}", "\\sqrt{2}"],
  ["radical", "\\sqrt{12}", "2 \\sqrt 3"],
  ["radical", "4-2\\sqrt{3}", "(\\sqrt{3}-1)^2"],
  // Pi and other constants.
  ["pi", "\\pi", "pi"],
  ["pi", "2\\pi", "2 \\cdot \\pi"],
  ["pi", "\\frac{\\pi}{2}", "\\pi/2"],
  ["pi", "\\frac{\\pi}{2}", "1.5707963267948966192"],
  ["pi", "\\frac{3\\pi}{4}", "\\frac{3}{4}\\pi"],
  ["pi", "2π", "2\\pi"],
  ["pi", "\\pi r^2", "r^2 \\pi"],
  ["pi", "\\frac{\\pi}{6}", "\\arcsin\\frac{1}{2}"],
  ["pi", "\\pi^2", "\\pi \\cdot \\pi"],
  ["constant", "e^2", "e \\cdot e"],
  ["constant", "\\ln 2", "\\log 2"],
  ["constant", "\\ln(e^3)", "3"],
  ["constant", "\\log_2 8", "3"],
  ["constant", "\\log_{3} 81", "4"],
  ["constant", "\\exp(1)", "e"],
  ["constant", "\\sin\\frac{\\pi}{6}", "\\frac12"],
  ["constant", "\\cos(\\pi)", "-1"],
  ["constant", "\\tan\\frac{\\pi}{4}", "1"],
  ["constant", "\\binom{5}{2}", "10"],
  ["constant", "\\dbinom{10}{3}", "120"],
  ["constant", "5!", "120"],
  ["constant", "100!", "100 \\cdot 99!"],
  ["constant", "|-3|", "3"],
  ["constant", "\\left|-\\frac{1}{2}\\right|", "0.5"],
  ["constant", "\\lfloor 3.7 \\rfloor", "3"],
  ["constant", "\\lceil 3.2 \\rceil", "4"],
  // Scientific notation.
  ["scientific", "3.2 \\times 10^{5}", "320000"],
  ["scientific", "3.2 \\times 10^5", "3.2e5"],
  ["scientific", "3.2\\cdot10^{5}", "3.2E+05"],
  ["scientific", "6.02 \\times 10^{23}", "6.02e23"],
  ["scientific", "1.5 \\times 10^{-3}", "0.0015"],
  ["scientific", "10^{-6}", "1e-6"],
  ["scientific", "2.5 \\times 10^{3}", "2500"],
  // Percentages: the number, or the fraction it stands for.
  ["percent", "25\\%", "25"],
  ["percent", "25\\%", "0.25"],
  ["percent", "25", "25\\%"],
  ["percent", "0.25", "25%"],
  ["percent", "12.5\\%", "\\frac{1}{8}"],
  ["percent", "50\\%", "50 \\%"],
  ["percent", "100\\%", "1"],
  // Powers, huge ones included.
  ["power", "2^{10}", "1024"],
  ["power", "2^{100}", "1267650600228229401496703205376"],
  ["power", "x^{2}", "x^2"],
  ["power", "x**2", "x^2"],
  ["power", "(2+\\sqrt{3})^{2}", "7+4\\sqrt{3}"],
  ["power", "(2+\\sqrt{3})^{2016}+(2-\\sqrt{3})^{2016}", "(2+\\sqrt3)^{2016} + (2+\\sqrt3)^{-2016}"],
  ["power", "\\frac{(3-\\sqrt{3})(2-\\sqrt{3})^{2016}+(3+\\sqrt{3})(2+\\sqrt{3})^{2016}}{6}", "\\dfrac{(1+\\sqrt{3})^{4033}-(1-\\sqrt{3})^{4033}}{2^{2017}\\sqrt{3}}"],
  ["power", "3^{1000}", "9^{500}"],
  ["power", "2^{-1}", "\\frac{1}{2}"],
  ["power", "8^{2/3}", "4"],
  // Expressions with variables: equal as functions.
  ["expression", "x^2-1", "(x-1)(x+1)"],
  ["expression", "(a+b)^2", "a^2+2ab+b^2"],
  ["expression", "2x+3", "3+2x"],
  ["expression", "\\frac{x}{2}", "0.5x"],
  ["expression", "\\frac{1}{x}+\\frac{1}{y}", "\\frac{x+y}{xy}"],
  ["expression", "\\sin^2 x + \\cos^2 x", "1"],
  ["expression", "2\\sin x\\cos x", "\\sin(2x)"],
  ["expression", "e^{x}e^{y}", "e^{x+y}"],
  ["expression", "\\ln(xy)", "\\ln x + \\ln y"],
  ["expression", "\\sqrt{x^2}", "|x|"],
  ["expression", "x_1 + x_2", "x_2 + x_1"],
  ["expression", "\\alpha\\beta", "\\beta \\alpha"],
  ["expression", "n(n+1)/2", "\\frac{n^2+n}{2}"],
  ["expression", "3n", "n \\times 3"],
  ["expression", "x^{3}-3x^{2}+3x-1", "(x-1)^3"],
  // Equations and inequalities.
  ["equation", "5", "x = 5"],
  ["equation", "x = 5", "5"],
  ["equation", "y = 2x + 1", "y=1+2x"],
  ["equation", "\\frac{1}{2}", "k = 0.5"],
  ["equation", "x_1 = 3", "3"],
  ["inequality", "x > 3", "x>3"],
  ["inequality", "x \\le 3", "x \\leq 3"],
  ["inequality", "x \\geq 2", "2 \\le x"],
  ["inequality", "x < \\frac12", "0.5 > x"],
  ["inequality", "x \\ne 1", "x \\neq 1"],
  // Intervals and unions of intervals.
  ["interval", "[1, 3)", "[1,3)"],
  ["interval", "(0, \\infty)", "(0,\\infty)"],
  ["interval", "(-\\infty, 2]", "\\left(-\\infty, 2\\right]"],
  ["interval", "[\\frac12, 1]", "[0.5, 1]"],
  ["interval", "(-\\infty, \\infty)", "(-∞, ∞)"],
  ["interval", "[0, 2\\pi)", "[0, 2π)"],
  ["interval", "(-\\infty, 2] \\cup [3, \\infty)", "[3,\\infty)\\cup(-\\infty,2]"],
  ["interval", "(-1, 0) \\cup (1, 2)", "(-1,0) ∪ (1,2)"],
  ["interval", "[1, \\sqrt{2}]", "[1, 2^{1/2}]"],
  // Sets and lists, in any order.
  ["set", "\\{1, 2, 3\\}", "\\{3, 2, 1\\}"],
  ["set", "\\{1, 2, 3\\}", "3, 2, 1"],
  ["set", "1, 2", "2, 1"],
  ["set", "\\{-1, 1\\}", "\\pm 1"],
  ["set", "2 \\pm \\sqrt{3}", "2+\\sqrt3, 2-\\sqrt3"],
  ["set", "\\left\\{ \\frac12, 2 \\right\\}", "\\{2, 0.5\\}"],
  ["set", "x = 1 \\text{ or } x = 2", "2, 1"],
  ["set", "x=1, x=-1", "\\{-1,1\\}"],
  ["set", "\\emptyset", "\\varnothing"],
  ["set", "\\emptyset", "\\{\\}"],
  ["set", "\\{3\\}", "3"],
  ["set", "1, 1, 2", "1, 2, 1"],
  // A repeated member counts once, as in Math-Verify's sets.
  ["set", "1, 1, 2", "1, 2, 2"],
  ["set", "\\{\\sqrt{2}, -\\sqrt{2}\\}", "\\pm\\sqrt{2}"],
  ["set", "1; 2; 3", "3, 2, 1"],
  // Tuples and points, in order.
  ["tuple", "(1, 2)", "(1,2)"],
  ["tuple", "(1, 2)", "\\left(1, 2\\right)"],
  ["tuple", "(\\frac12, \\sqrt{2})", "(0.5, sqrt(2))"],
  ["tuple", "(1, 2, 3)", "( 1 , 2 , 3 )"],
  ["tuple", "(-1, \\pi)", "(-1, 3.14159265358979323846264338)"],
  ["tuple", "[1, 2, 3]", "[1,2,3]"],
  ["tuple", "(x, y) = (2, 3)", "(x,y)=(2,3)"],
  // Units, degrees, money and \text{} wrappers.
  ["unit", "5", "5 \\text{ cm}"],
  ["unit", "5 \\text{ cm}", "5"],
  ["unit", "12", "12\\,\\mathrm{kg}"],
  ["unit", "30", "30^\\circ"],
  ["unit", "30^{\\circ}", "30"],
  ["unit", "45", "45°"],
  ["unit", "80", "\\$80"],
  ["unit", "80", "$80$"],
  ["unit", "3", "3 \\text{ meters}"],
  ["unit", "60", "60 mph"],
  ["unit", "7", "7 units"],
  ["unit", "10", "\\text{10 dollars}"],
  ["unit", "9", "9 \\text{ m}^2"],
  ["unit", "5", "5 m"],
  ["unit", "1.5", "\\frac{3}{2} s"],
  ["unit", "2000", "2 \\cdot 10^3 m"],
  // A letter after a symbol is a factor, not a unit.
  ["product", "2 m L^2", "2 L^2 m"],
  ["product", "x^2 m", "m x^2"],
  ["text", "\\text{odd}", "odd"],
  ["text", "\\text{No solution}", "no solution"],
  ["text", "\\textbf{12}", "12"],
  ["text", "\\text{E}", "E"],
  ["text", "\\mathrm{e}^2", "e^2"],
  // Math delimiters and sizing commands.
  ["delimiters", "\\(\\sqrt{2}\\)", "\\sqrt{2}"],
  ["delimiters", "$\\frac{1}{2}$", "\\frac{1}{2}"],
  ["delimiters", "\\[2\\pi\\]", "2\\pi"],
  ["delimiters", "$$3$$", "3"],
  ["delimiters", "\\displaystyle\\frac{1}{4}", "0.25"],
  ["delimiters", "\\left(\\frac{1}{2}\\right)^2", "\\frac14"],
  ["delimiters", "\\Big(1+1\\Big)", "2"],
  ["delimiters", "5.", "5"],
  ["delimiters", "2\\!\\cdot\\!3", "6"],
];

const DIFFERENT: Pair[] = [
  ["product", "x^2", "x^2 m"],
  ["product", "2 L^2", "2 L^2 m"],
  ["integer", "42", "43"],
  ["integer", "-3", "-4"],
  ["integer", "-3", "3"],
  ["integer", "32", "23"],
  ["integer", "1000", "100"],
  ["integer", "1,000", "1, 000, 0"],
  ["integer", "0", "1"],
  ["integer", "12", "12.5"],
  ["decimal", "0.5", "0.55"],
  ["decimal", "3.14", "3.1416"],
  ["decimal", "2.5", "-2.5"],
  ["fraction", "\\frac{333}{1997}", "\\frac{83}{499}"],
  ["fraction", "\\frac{1}{2}", "\\frac{2}{1}"],
  ["fraction", "\\frac{3}{4}", "0.7"],
  ["fraction", "\\frac{1}{3}", "0.333"],
  ["fraction", "\\frac{2}{3}", "\\frac{3}{2}"],
  ["fraction", "-\\frac{1}{2}", "\\frac{1}{2}"],
  ["fraction", "\\frac12", "12"],
  ["fraction", "\\frac{1}{7}", "0.142857"],
  ["radical", "\\sqrt{2}", "2"],
  ["radical", "\\sqrt{2}", "1.414"],
  ["radical", "2\\sqrt{2}", "\\sqrt{2}"],
  ["radical", "\\sqrt{3}", "\\sqrt[3]{3}"],
  ["radical", "\\sqrt{8}", "4\\sqrt{2}"],
  ["radical", "\\frac{\\sqrt{2}}{2}", "\\sqrt{2}"],
  ["radical", "\\sqrt{2}+\\sqrt{3}", "\\sqrt{5}"],
  ["radical", "3\\sqrt{5}", "5\\sqrt{3}"],
  ["pi", "\\pi", "3.14"],
  ["pi", "2\\pi", "\\pi"],
  ["pi", "\\frac{\\pi}{2}", "\\frac{\\pi}{3}"],
  ["pi", "\\pi^2", "2\\pi"],
  ["pi", "\\frac{\\pi}{4}", "45"],
  ["constant", "e", "2.718"],
  ["constant", "\\ln 2", "\\log_{10} 2"],
  ["constant", "\\log_2 8", "8"],
  ["constant", "\\binom{5}{2}", "20"],
  ["constant", "5!", "5"],
  ["constant", "\\sin\\frac{\\pi}{6}", "\\cos\\frac{\\pi}{6}"],
  ["constant", "|-3|", "-3"],
  ["constant", "\\lfloor 3.7 \\rfloor", "4"],
  ["constant", "e^{i\\pi}", "-1"],
  ["scientific", "3.2 \\times 10^{5}", "3.2 \\times 10^{6}"],
  ["scientific", "6.02 \\times 10^{23}", "6.02e22"],
  ["scientific", "1.5 \\times 10^{-3}", "0.015"],
  ["scientific", "10^{-6}", "10^{6}"],
  ["percent", "25\\%", "2.5"],
  ["percent", "25\\%", "0.025"],
  ["percent", "50\\%", "5"],
  ["percent", "0.25", "2.5%"],
  ["power", "2^{10}", "1000"],
  ["power", "2^{100}", "2^{100}+1"],
  ["power", "x^2", "x^3"],
  ["power", "x^2", "2x"],
  ["power", "(2+\\sqrt{3})^{2016}", "(2+\\sqrt{3})^{2015}"],
  ["power", "3^{1000}", "9^{501}"],
  ["power", "2^{-1}", "-2"],
  ["expression", "x^2-1", "(x-1)^2"],
  ["expression", "(a+b)^2", "a^2+b^2"],
  ["expression", "2x+3", "2x-3"],
  ["expression", "x", "y"],
  ["expression", "xy", "x+y"],
  ["expression", "\\sin x", "\\cos x"],
  ["expression", "\\frac{1}{x}+\\frac{1}{y}", "\\frac{1}{x+y}"],
  ["expression", "n(n+1)/2", "n(n-1)/2"],
  ["expression", "\\ln(x+y)", "\\ln x + \\ln y"],
  ["expression", "x_1", "x_2"],
  ["equation", "x = 5", "x = 6"],
  ["equation", "y = 2x + 1", "y = 2x - 1"],
  ["inequality", "x > 3", "x < 3"],
  ["inequality", "x > 3", "x \\ge 3"],
  ["inequality", "x \\le 3", "x \\le 4"],
  ["inequality", "x \\geq 2", "2 \\geq x"],
  ["interval", "[1, 3)", "(1, 3)"],
  ["interval", "[1, 3)", "[1, 3]"],
  ["interval", "(0, \\infty)", "(-\\infty, 0)"],
  ["interval", "(-\\infty, 2]", "(-\\infty, 3]"],
  ["interval", "(-\\infty, 2] \\cup [3, \\infty)", "(-\\infty, 2] \\cup [4, \\infty)"],
  ["interval", "(-1, 0) \\cup (1, 2)", "(-1, 2)"],
  ["interval", "[0, 1]", "[0, 1, 2]"],
  ["set", "\\{1, 2, 3\\}", "\\{1, 2\\}"],
  ["set", "\\{1, 2, 3\\}", "\\{1, 2, 4\\}"],
  ["set", "1, 2", "1, 2, 3"],
  ["set", "2 \\pm \\sqrt{3}", "2+\\sqrt3"],
  ["set", "\\{-1, 1\\}", "1"],
  ["set", "\\emptyset", "\\{0\\}"],
  ["set", "1, 1, 2", "1, 1"],
  ["set", "\\{1, 2\\}", "(1, 2)"],
  ["tuple", "(1, 2)", "(2, 1)"],
  ["tuple", "(1, 2)", "(1, 2, 3)"],
  ["tuple", "(\\frac12, \\sqrt{2})", "(0.5, 2)"],
  ["tuple", "(1, 2)", "[1, 2]"],
  ["tuple", "(1, 2)", "3"],
  ["unit", "5", "5 \\text{ cm}^2 + 1"],
  ["unit", "30^\\circ", "60"],
  ["unit", "80", "\\$8"],
  ["unit", "12", "13\\,\\mathrm{kg}"],
  ["text", "\\text{odd}", "even"],
  ["text", "\\text{No solution}", "infinitely many solutions"],
  ["text", "\\text{E}", "F"],
  ["text", "A", "B"],
  ["empty", "5", ""],
  ["empty", "", "5"],
];

describe("math equivalence: pairs that state the same math", () => {
  test.each(EQUIVALENT)("%s: %s ≡ %s", (_form, expected, given) => {
    expect(mathEquivalent(expected, given)).toEqual({ equal: true, budgetExhausted: false });
    expect(mathEquivalent(given, expected).equal).toBe(true);
  });
});

describe("math equivalence: pairs that do not", () => {
  test.each(DIFFERENT)("%s: %s ≢ %s", (_form, expected, given) => {
    expect(mathEquivalent(expected, given)).toEqual({ equal: false, budgetExhausted: false });
    expect(mathEquivalent(given, expected).equal).toBe(false);
  });

  test("the pair set is large and covers every form", () => {
    expect(EQUIVALENT.length + DIFFERENT.length).toBeGreaterThanOrEqual(200);
    const forms = (pairs: Pair[]) => new Set(pairs.map(([form]) => form));
    for (const form of ["fraction", "radical", "pi", "scientific", "percent", "interval", "set", "tuple", "unit", "text"]) {
      expect(forms(EQUIVALENT).has(form) && forms(DIFFERENT).has(form), form).toBe(true);
    }
  });
});

describe("math equivalence: every check is bounded", () => {
  const timed = (expected: string, given: string) => {
    const started = performance.now();
    const check = mathEquivalent(expected, given);
    return { check, ms: performance.now() - started };
  };

  test("huge powers are decided at 64 digits, not expanded", () => {
    const { check, ms } = timed("(2+\\sqrt{3})^{10^{12}}", "(2+\\sqrt{3})^{10^{12}}\\cdot 1");
    expect(check).toEqual({ equal: true, budgetExhausted: false });
    expect(ms).toBeLessThan(1_000);
  });

  test("a factorial beyond the ceiling runs out of budget instead of multiplying out", () => {
    expect(mathEquivalent("100000!", "100000 \\cdot 99999!")).toEqual({ equal: false, budgetExhausted: true });
    expect(mathEquivalent("(10^{9})!", "5")).toEqual({ equal: false, budgetExhausted: true });
    expect(mathEquivalent("\\binom{10^{6}}{500000}", "1")).toEqual({ equal: false, budgetExhausted: true });
  });

  test("a small budget runs out on a large expression", () => {
    const sum = Array.from({ length: 60 }, (_, i) => `${i}x^{${i}}`).join("+");
    expect(mathEquivalent(sum, sum.replace("+1x", "+x"), { budget: 500 })).toEqual({ equal: false, budgetExhausted: true });
    expect(mathEquivalent(sum, sum.replace("+1x", "+x")).equal).toBe(true);
  });

  test("over-long or too deeply nested answers are not parsed at all", () => {
    expect(mathEquivalent("1", "1+".repeat(5_000) + "1")).toEqual({ equal: false, budgetExhausted: true });
    expect(mathEquivalent("1", "(".repeat(1_500) + "1" + ")".repeat(1_500))).toEqual({ equal: false, budgetExhausted: true });
    expect(mathEquivalent("1", "\\sqrt{".repeat(120) + "1" + "}".repeat(120))).toEqual({ equal: false, budgetExhausted: true });
  });

  test.each([
    ["nested radicals", "\\sqrt{".repeat(300) + "2" + "}".repeat(300)],
    ["nested fractions", "\\frac{1}{".repeat(300) + "2" + "}".repeat(300)],
    ["a power tower", "2^{".repeat(200) + "2" + "}".repeat(200)],
    ["unclosed braces", "\\frac{".repeat(600)],
    ["nested brackets", "(".repeat(900) + "1" + ")".repeat(900)],
    ["many bars", "|".repeat(1_500)],
    ["a long list", Array.from({ length: 900 }, (_, i) => i).join(",")],
    ["nested text", "\\text{".repeat(500) + "x" + "}".repeat(500)],
    ["deep exponents of factorials", "((((9!)!)!)!)!"],
  ])("pathological input (%s) is decided or given up quickly", (_name, answer) => {
    const { ms } = timed(answer, answer.slice(0, -1) + "3");
    expect(ms).toBeLessThan(2_000);
  });
});
