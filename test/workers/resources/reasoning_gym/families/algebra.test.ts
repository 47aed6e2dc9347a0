// reasoning-gym's algebra families (complex_arithmetic to simple_integration): each scored as the library scores it (the pinned
// scores come from running the library), our deviations, hostile answers, and our generators.
import { describe, expect, test } from "vitest";
import { elapsed, entry, family, generated, score } from "./support.ts";
import type { Entry } from "../../../../../workers/resources/reasoning_gym/families/family.ts";
import { Rng } from "../../../../../workers/resources/reasoning_gym/families/rng.ts";

// Scores the library (reasoning-gym 49b07130, get_score_answer_fn with the default config) gives
// these answers, pinned: [family, entry, [answer, score][]].
const PINNED: [string, Entry, [string | null, number][]][] = [
  ["complex_arithmetic", {"question": "", "answer": "-15.0 + 3.0i", "metadata": {"source_dataset": "complex_arithmetic", "source_index": 0, "num1": [-8.0, -2.0], "num2": [-7.0, 5.0], "operation": "+", "result": [-15, 3], "difficulty": {"min_real": -10, "max_real": 10, "min_imag": -10, "max_imag": 10, "operations_weights": [0.4, 0.4, 0.1, 0.1]}}}, [
    [null, 0.0],
    ["-15.0 + 3.0i", 1.0],
    ["-15+3i", 1.0],
    ["(-15 + 3i)", 1.0],
    ["-15.1 + 3i", 0.9048374180359599],
    ["-15", 0.049787068367863944],
    ["3i", 3.059023205018258e-07],
    ["-14 + 2i", 0.2431167344342142],
    ["", 0.0],
    ["garbage", 0.0],
  ]],
  ["complex_arithmetic", {"question": "", "answer": "-9.0 - 8.0i", "metadata": {"source_dataset": "complex_arithmetic", "source_index": 1, "num1": [80.0, 55.0], "num2": [-8.0, 1.0], "operation": "/", "result": [-9, -8], "difficulty": {"min_real": -10, "max_real": 10, "min_imag": -10, "max_imag": 10, "operations_weights": [0.4, 0.4, 0.1, 0.1]}}}, [
    ["-9.0 - 8.0i", 1.0],
    ["-9-8i", 1.0],
    ["-9 - 8j", 1.0],
    ["-9", 0.00033546262790251185],
    ["-8i", 0.00012340980408667956],
  ]],
  ["complex_arithmetic", {"question": "", "answer": "3.0 + 2.0i", "metadata": {"source_dataset": "complex_arithmetic", "result": [3, 2]}}, [
    ["3 + 2i", 1.0],
    ["3+2i", 1.0],
    ["3.0 + 2.0i", 1.0],
    ["((3.0 + 2.0i ) )", 1.0],
    ["3.1 + 2i", 0.9048374180359595],
    ["3 + 2.1i", 0.9048374180359595],
    ["3.1 + 2.1i", 0.8681234453945847],
    ["4 + 2i", 0.36787944117144233],
    ["3 + 3i", 0.36787944117144233],
    ["10 + 10i", 2.417610491679649e-05],
    ["invalid", 0.0],
    ["inf + 2i", 0.0],
    ["2i+3", 0.0],
    ["3+2I", 1.0],
    ["3+2j", 1.0],
    ["(3+2i", 0.0],
    ["i", 0.04232921962320499],
    ["-i", 0.01436959609043909],
    ["2i", 0.049787068367863944],
    ["-2i", 0.006737946999085467],
    ["3+i", 0.36787944117144233],
    ["3-i", 0.049787068367863944],
    ["3", 0.1353352832366127],
    ["-2e-3i", 0.027142322328402812],
    ["1e1+2i", 0.0009118819655545162],
    ["3+2i+1", 0.0],
    ["+3+2i", 1.0],
    ["3\t+2i", 0.0],
    ["-3+-2i", 0.0],
    ["1_0+2i", 0.0009118819655545162],
    ["--2i", 0.0],
    ["(3)+(2i)", 0.0],
    ["2.i", 0.049787068367863944],
    ["3-2.5e+0i", 0.011108996538242306],
    ["infj", 0.0],
    ["3 + 2 i", 1.0],
    ["-3-2i", 0.000738342646156649],
  ]],
  ["intermediate_integration", {"question": "", "answer": "2*(-10*x - 10)**(3/2)/3 + C", "metadata": {"source_dataset": "intermediate_integration", "source_index": 0, "integrand": "-10*sqrt(-10*x - 10)", "problem_type": "radical", "variable": "x", "difficulty": {"problem_type_weights": [0.125, 0.125, 0.125, 0.125, 0.125, 0.125, 0.125, 0.125]}}}, [
    [null, 0.0],
    ["2*(-10*x - 10)**(3/2)/3 + C", 1.0],
    ["2*(-10*x - 10)**(3/2)/3", 1.0],
    ["2*(-10*x - 10)*sqrt(-10*x - 10)/3 + K", 1.0],
    ["-2*(-10*x - 10)**(3/2)/3 + C", 0.0],
    ["2*(-10*x - 10)**(3/2)/3 + C*x", 0.0],
    ["2(-10x-10)^(3/2)/3", 0.0],
    ["", 0.0],
    ["C", 0.0],
  ]],
  ["intermediate_integration", {"question": "", "answer": "exp(x)*sin(x) + exp(x)*cos(x) + C", "metadata": {"source_dataset": "intermediate_integration", "source_index": 3, "integrand": "2*exp(x)*cos(x)", "problem_type": "cyclic", "variable": "x", "difficulty": {"problem_type_weights": [0.125, 0.125, 0.125, 0.125, 0.125, 0.125, 0.125, 0.125]}}}, [
    ["exp(x)*sin(x) + exp(x)*cos(x) + C", 1.0],
    ["exp(x)*(sin(x) + cos(x))", 1.0],
    ["E**x*sin(x) + E**x*cos(x)", 1.0],
    ["e**x*sin(x) + e**x*cos(x)", 0.0],
    ["exp(x)*sin(x) - exp(x)*cos(x)", 0.0],
  ]],
  ["intermediate_integration", {"question": "", "answer": "x*asin(3*x) + sqrt(1 - 9*x**2)/3 + C", "metadata": {"source_dataset": "intermediate_integration", "source_index": 4, "integrand": "asin(3*x)", "problem_type": "log_inverse_trig", "variable": "x", "difficulty": {"problem_type_weights": [0.125, 0.125, 0.125, 0.125, 0.125, 0.125, 0.125, 0.125]}}}, [
    ["x*asin(3*x) + sqrt(1 - 9*x**2)/3 + C", 1.0],
    ["x*asin(3*x) + (1 - 9*x**2)**(1/2)/3", 1.0],
    ["x*asin(3*x)", 0.0],
    ["x*asin(3*x) - sqrt(1 - 9*x**2)/3", 0.0],
  ]],
  ["intermediate_integration", {"question": "", "answer": "3*cos(3*x + 6)**5/5 + C", "metadata": {"source_dataset": "intermediate_integration", "source_index": 6, "integrand": "-9*sin(3*x + 6)*cos(3*x + 6)**4", "problem_type": "trigonometric", "variable": "x", "difficulty": {"problem_type_weights": [0.125, 0.125, 0.125, 0.125, 0.125, 0.125, 0.125, 0.125]}}}, [
    ["3*cos(3*x + 6)**5/5 + C", 1.0],
    ["3*cos(3*x + 6)**5/5 + 7", 1.0],
    ["-3*cos(3*x + 6)**5/5 + C", 0.0],
    ["cos(3*x + 6)**5/5 + C", 0.0],
  ]],
  ["intermediate_integration", {"question": "", "answer": "-x**3*cos(x) + 3*x**2*sin(x) + 6*x*cos(x) - 6*sin(x) + C", "metadata": {"source_dataset": "intermediate_integration", "source_index": 12, "integrand": "x**3*sin(x)", "problem_type": "repeated_parts", "variable": "x", "difficulty": {"problem_type_weights": [0.125, 0.125, 0.125, 0.125, 0.125, 0.125, 0.125, 0.125]}}}, [
    ["-x**3*cos(x) + 3*x**2*sin(x) + 6*x*cos(x) - 6*sin(x) + C", 1.0],
    ["(-3*x**3 - 9*x**2 - 18*x - 18)*exp(x)", 0.0],
    ["-3*x**3*exp(x)", 0.0],
  ]],
  ["intermediate_integration", {"question": "", "answer": "-exp(-6*x - 10) + C", "metadata": {"source_dataset": "intermediate_integration", "source_index": 16, "integrand": "6*exp(-6*x - 10)", "problem_type": "exponential", "variable": "x", "difficulty": {"problem_type_weights": [0.125, 0.125, 0.125, 0.125, 0.125, 0.125, 0.125, 0.125]}}}, [
    ["-exp(-6*x - 10) + C", 1.0],
    ["-exp(-6*x - 10)", 1.0],
    ["exp(-6*x - 10) + C", 0.0],
    ["-exp(-6*x-10)/6 + C", 0.0],
  ]],
  ["polynomial_equations", {"question": "", "answer": "-3.625, 0.0", "metadata": {"source_dataset": "polynomial_equations", "source_index": 0, "polynomial_expr": "-16*e**3 - 58*e**2", "variable": "e", "degree": 3, "real_solutions": [-3.625, 0.0], "num_terms": 2, "difficulty": {"terms": [2, 4], "degree": [1, 3]}}}, [
    [null, 0.0],
    ["-3.625, 0.0", 1.0],
    ["0, -3.625", 1.0],
    ["-3.6, 0.0", 0.8894003915357027],
    ["-3.625", 0.5],
    ["-3.625, 0.0, 1", 0.5],
    ["x=-3.625, 0.0", 0.5],
    ["", 0.0],
    ["nan, -3.625, 0.0", 0.5],
    ["-3.625, 0.0, 1, 2", 0.0],
    [" 1_0 ", 0.0],
    ["0.05,-3.62", 0.7788800421066742],
    ["-3.625;0.0", 0.0],
    ["-3.625 , 0", 1.0],
  ]],
  ["polynomial_equations", {"question": "", "answer": "0.0", "metadata": {"source_dataset": "polynomial_equations", "source_index": 1, "polynomial_expr": "108*b", "variable": "b", "degree": 1, "real_solutions": [0.0], "num_terms": 2, "difficulty": {"terms": [2, 4], "degree": [1, 3]}}}, [
    ["0.0", 1.0],
    ["0", 1.0],
    ["-0.0", 1.0],
    ["1e-2", 0.9048374180359595],
    ["0, 0", 0.5],
  ]],
  ["polynomial_equations", {"question": "", "answer": "1.2727", "metadata": {"source_dataset": "polynomial_equations", "source_index": 5, "polynomial_expr": "98 - 77*u", "variable": "u", "degree": 1, "real_solutions": [1.2727], "num_terms": 3, "difficulty": {"terms": [2, 4], "degree": [1, 3]}}}, [
    ["1.2727", 1.0],
    ["garbage", 0.0],
  ]],
  ["polynomial_equations", {"question": "", "answer": "", "metadata": {"source_dataset": "polynomial_equations"}}, [
    ["", 1.0],
    ["abc", 1.0],
    ["1", 0.0],
    [null, 1.0],
  ]],
  ["polynomial_multiplication", {"question": "", "answer": "-896*x**3 + 2240*x**2 + 3584*x", "metadata": {"source_dataset": "polynomial_multiplication", "source_index": 0, "polynomial_expr": "-896*x**3 + 2240*x**2 + 3584*x", "variables": ["x"], "difficulty": {"min_terms": 2, "max_terms": 4, "min_value": 1, "max_value": 100, "min_degree": 0, "max_degree": 3, "min_polynomials": 2, "max_polynomials": 3}}}, [
    [null, 0.0],
    ["-896*x**3 + 2240*x**2 + 3584*x", 1.0],
    ["2240*x**3+3584*x**4-896*x**5", 0.0],
    ["-896.0*x**5 + 3584*x**4 + 2240*x**3", 0.0],
    ["64*x**3*(-14*x**2 + 56*x + 35)", 0.0],
    ["-896*x**5 + 3584*x**4 + 2240*x*x*x", 0.0],
    ["-(896*x**5 - 3584*x**4 - 2240*x**3)", 0.0],
    ["2*(-448*x**5 + 1792*x**4 + 1120*x**3)", 0.0],
    ["x^2", 0.0],
    ["-896*x**5 + 3584*x**4 + 2240*x**3 + (x+1)*(x+2) - (x+1)*(x+2)", 0.0],
    ["-896*x**5 + 3584*x**4 + 2240*x**3 + 0*y", 0.0],
    ["-896*x**5 + 3584*x**4 + 2240*x**3 + y - y", 0.0],
    ["-896*x**5 + 3584*x**4 + 2240*x**3 + 0.0", 0.0],
    ["-896*x**5 + 3584*x**4 + 4480/2*x**3", 0.0],
    ["(-896*x**5 + 3584*x**4 + 2240*x**3)", 0.0],
    ["-896*x**5 + 3584*x**4 + 2240*x**3 + sin(x)-sin(x)", 0.0],
    ["-896*x**5 + 3584*x**4 + 2240*x**(6/2)", 0.0],
    ["-896*x**5 + 3584*x**4 + 2240*x**3.0", 0.0],
    ["-896x^5 + 3584x^4 + 2240x^3", 0.0],
    ["-896*x**5 + 3584*x**4", 0.0],
    ["", 0.0],
    ["-896*X**5 + 3584*X**4 + 2240*X**3", 0.0],
    ["(x**2)**2*x*(-896) + 3584*x**4 + 2240*x**3", 0.0],
    ["-896*x**5 + 3584*x**4 + 2240*x**3\n", 0.0],
  ]],
  ["polynomial_multiplication", {"question": "", "answer": "-6708*x**4 + 1860*x**3 + 987*x**2", "metadata": {"source_dataset": "polynomial_multiplication", "source_index": 1, "polynomial_expr": "(78*x + 21)*(-86*x**3 + 47*x**2)", "variables": ["x"], "difficulty": {"min_terms": 2, "max_terms": 4, "min_value": 1, "max_value": 100, "min_degree": 0, "max_degree": 3, "min_polynomials": 2, "max_polynomials": 3}}}, [
    ["-6708*x**4 + 1860*x**3 + 987*x**2", 1.0],
    ["(78*x + 21)*(-86*x**3 + 47*x**2)", 0.0],
    ["3666*x - 5721*x**3 - 1806*x**5", 0.0],
    ["-1806*x**5 - 5721*x**3 + 3666*x + 1", 0.0],
  ]],
  ["polynomial_multiplication", {"question": "", "answer": "6*x**2*y + 4*x*y**2 + 2*x + y", "metadata": {"source_dataset": "polynomial_multiplication"}}, [
    ["y + 2*x + 4*x*y**2 + 6*x**2*y", 1.0],
    ["y*(6*x**2 + 1) + 4*x*y**2 + 2*x", 0.0],
    ["6*y*x**2 + 4*y**2*x + 2*x + y", 1.0],
    ["6*x**2*y + 4*x*y**2 + 2*x + y/1", 1.0],
    ["6*x**2*y + 4*x*y**2 + (4*x + 2*y)/2", 1.0],
  ]],
  ["simple_equations", {"question": "", "answer": "13", "metadata": {"source_dataset": "simple_equations", "source_index": 0, "equation": "56 - 98*e = -1218", "variable": "e", "difficulty": {"min_terms": 2, "max_terms": 4, "min_value": 1, "max_value": 100, "operators_weights": [0.4, 0.4, 0.2]}}}, [
    [null, 0.0],
    ["13", 1.0],
    [" 13", 0.6666666666666666],
    ["13.0", 0.5],
    ["e = 13", 0.3333333333333333],
    ["12", 0.0],
    ["", 0.0],
  ]],
  ["simple_integration", {"question": "", "answer": "-9*x**8/10 + 3*x**4/2 + 10*x**2/9 + C", "metadata": {"source_dataset": "simple_integration", "source_index": 0, "integrand": "-36*x**7/5 + 6*x**3 + 20*x/9", "variable": "x", "num_terms": 3, "difficulty": {"terms": [2, 5]}}}, [
    [null, 0.0],
    ["-9*x**8/10 + 3*x**4/2 + 10*x**2/9 + C", 1.0],
    ["-9*x**8/10 + 3*x**4/2 + 10*x**2/9", 1.0],
    ["-0.9*x**8 + 1.5*x**4 + 10*x**2/9 + C", 1.0],
    ["-9*x**8/10 + 3*x**4/2 + C", 0.0],
    ["-9x^8/10", 0.0],
    ["", 0.0],
  ]],
  ["simple_integration", {"question": "", "answer": "-2*X**9 + 7*X**8 - 2*X + C", "metadata": {"source_dataset": "simple_integration", "source_index": 1, "integrand": "-18*X**8 + 56*X**7 - 2", "variable": "X", "num_terms": 3, "difficulty": {"terms": [2, 5]}}}, [
    ["-2*X**9 + 7*X**8 - 2*X + C", 1.0],
    ["-2*x**9 + 7*x**8 - 2*x + C", 0.0],
    ["X**9", 0.0],
  ]],
];

function pinnedScores(name: string): void {
  test("scores as the library does", () => {
    const rows = PINNED.filter(([n]) => n === name);
    expect(rows.length).toBeGreaterThan(0);
    for (const [, task, answers] of rows) for (const [answer, want] of answers) expect([answer, score(name, answer, task)]).toEqual([answer, expect.closeTo(want, 12)]);
  });
}

const HOSTILE = "(".repeat(250_000) + ")".repeat(250_000);

describe("complex_arithmetic", () => {
  pinnedScores("complex_arithmetic");

  test("a NaN part scores 0 (the library gives 1.0: see deviations)", () => {
    const task = entry("complex_arithmetic", "3.0 + 2.0i", { result: [3, 2] });
    expect(score("complex_arithmetic", "nan", task)).toBe(0);
    expect(score("complex_arithmetic", "-nani", task)).toBe(0);
    expect(family("complex_arithmetic").deviations).toHaveLength(1);
  });

  test("a stored result that is not [real, imag] is an error", () => {
    expect(() => family("complex_arithmetic").score("3", entry("complex_arithmetic", "3", { result: "3" }))).toThrow();
  });

  test("hostile answers stay fast", async () => {
    const task = entry("complex_arithmetic", "3.0 + 2.0i", { result: [3, 2] });
    for (const answer of [HOSTILE, "1".repeat(500_000) + "i", "3+" + "2".repeat(500_000) + "i"]) expect(await elapsed(() => score("complex_arithmetic", answer, task))).toBeLessThan(2_000);
  });
});

describe("intermediate_integration", () => {
  pinnedScores("intermediate_integration");

  test("equivalence is numeric, and sympy's own integrals are not evaluated (see deviations)", () => {
    const task = entry("intermediate_integration", null, { integrand: "4*sqrt(-2*x - 8)", variable: "x" });
    expect(score("intermediate_integration", "-4*(-2*x - 8)**1.5/3 + C", task)).toBe(1);
    expect(score("intermediate_integration", "Integral(4*sqrt(-2*x - 8), x)", task)).toBe(0);
    expect(score("intermediate_integration", "integrate(4*sqrt(-2*x - 8), x)", task)).toBe(0);
    expect(family("intermediate_integration").deviations).toHaveLength(2);
  });

  test("the task's variable, other names as constants, log with a base", () => {
    const task = entry("intermediate_integration", null, { integrand: "3*atan(b)", variable: "b" });
    expect(score("intermediate_integration", "3*b*atan(b) - 3*log(b**2 + 1)/2 + K", task)).toBe(1);
    expect(score("intermediate_integration", "3*b*atan(b) - 3*log(b**2 + 1, E)/2", task)).toBe(1);
    expect(score("intermediate_integration", "3*x*atan(x) - 3*log(x**2 + 1)/2", task)).toBe(0);
    expect(score("intermediate_integration", "3*b*atan(b) - 3*ln(b**2 + 1)/2", task)).toBe(1);
  });

  test("hostile answers stay fast", async () => {
    const task = entry("intermediate_integration", null, { integrand: "2*x", variable: "x" });
    for (const answer of [HOSTILE, "x**2+".repeat(100_000) + "C", "sin(".repeat(1000) + "x" + ")".repeat(1000)]) expect(await elapsed(() => expect(score("intermediate_integration", answer, task)).toBe(0))).toBeLessThan(2_000);
  });
});

describe("polynomial_equations", () => {
  pinnedScores("polynomial_equations");

  test("hostile answers stay fast", async () => {
    const task = entry("polynomial_equations", "-3.625, 0.0");
    for (const answer of ["1,".repeat(250_000), "a,".repeat(250_000), ",".repeat(500_000)]) expect(await elapsed(() => expect(score("polynomial_equations", answer, task)).toBe(0))).toBeLessThan(2_000);
  });
});

describe("polynomial_multiplication", () => {
  pinnedScores("polynomial_multiplication");

  test("an answer leaving the work to sympy scores 0 (see deviations)", () => {
    expect(score("polynomial_multiplication", "expand((x + 1)*(x + 2))", entry("polynomial_multiplication", "x**2 + 3*x + 2"))).toBe(0);
  });

  test("hostile answers stay fast", async () => {
    const task = entry("polynomial_multiplication", "x**2 + 3*x + 2");
    for (const answer of [HOSTILE, "x+".repeat(250_000) + "1", "2**2**2**2**2**2", "(x+1)**100000"]) expect(await elapsed(() => expect(score("polynomial_multiplication", answer, task)).toBe(0))).toBeLessThan(2_000);
  });
});

describe("simple_equations", () => {
  pinnedScores("simple_equations");
});

describe("simple_integration", () => {
  pinnedScores("simple_integration");
});

describe("generators", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["complex_arithmetic", {}, "1000 + 1000i"],
    ["complex_arithmetic", { operations: ["/"], operations_weights: [1], min_real: -100, max_real: 100 }, "0.5"],
    ["polynomial_equations", {}, "123.456"],
    ["polynomial_equations", { min_degree: 4, max_degree: 7, max_terms: 6 }, "123.456"],
    ["polynomial_multiplication", {}, "x + 1"],
    ["polynomial_multiplication", { allow_cross_variable_product: true, allow_multivariate_polynomials: true, max_polynomials: 2 }, "x*y*z"],
    ["polynomial_multiplication", { allow_cross_variable_product: true, min_degree: 1 }, "0"],
    ["simple_equations", {}, "-1"],
    ["simple_equations", { operators: ["+", "-"], operators_weights: [0.5, 0.5], min_terms: 3, max_terms: 6 }, "-1"],
    ["intermediate_integration", {}, "x**2 + C"],
    ["intermediate_integration", { symbols: ["X"], max_poly_degree: 5, outer_constant_max: 9 }, "X + C"],
    ["simple_integration", {}, "x**2 + C"],
    ["simple_integration", { min_degree: -3, max_degree: 3, symbols: ["t"] }, "t + C"],
  ];
  for (const [name, config, wrong] of cases)
    test(`${name} ${JSON.stringify(config)}: deterministic; its answer scores 1.0, a wrong one does not`, () => {
      for (const index of [0, 3, 11]) {
        const task = generated(name, config, 7, index);
        expect(score(name, task.answer!, task)).toBe(1);
        expect(score(name, wrong, task)).toBeLessThan(1);
      }
    });

  test("intermediate_integration: every problem type's answer is an antiderivative", () => {
    const types = ["linear", "radical", "log_inverse_trig", "trigonometric", "polynomial_exp_trig", "exponential", "cyclic", "repeated_parts"];
    for (const type of types)
      for (let index = 0; index < 12; index++) {
        const task = generated("intermediate_integration", { problem_types: [type], problem_type_weights: [1], max_poly_degree: 4 }, 5, index);
        expect(task.metadata.problem_type).toBe(type);
        expect([type, score("intermediate_integration", task.answer!, task)]).toEqual([type, 1]);
      }
    expect(() => family("intermediate_integration").generate!(new Rng(1, 0), { linear_lower_bound: 5, linear_upper_bound: 2 }, 0)).toThrow(/linear_upper_bound/);
    expect(() => family("intermediate_integration").generate!(new Rng(1, 0), { symbols: ["y"] }, 0)).toThrow(/symbols/);
    expect(() => family("intermediate_integration").generate!(new Rng(1, 0), { problem_types: ["linear"], problem_type_weights: [0.5, 0.5] }, 0)).toThrow(/problem_type_weights/);
  });

  test("the difficulty parameters shape the task", () => {
    const task = generated("simple_integration", { min_terms: 1, max_terms: 1, min_degree: 4, max_degree: 4 });
    expect(task.metadata.integrand).toMatch(/^-?\d+(\/\d+)?\*[xX]\*\*3$|^-?\d*\*?[xX]\*\*3(\/\d+)?$/);
    const roots = generated("polynomial_equations", { min_degree: 1, max_degree: 1, min_terms: 1, max_terms: 1 });
    expect(roots.answer).toBe("0.0");
    const product = generated("polynomial_multiplication", { min_polynomials: 2, max_polynomials: 2, min_degree: 1, max_degree: 1, min_terms: 1, max_terms: 1 });
    expect(product.answer).toMatch(/^-?\d+\*[xyz]\*\*2$/);
  });

  test("invalid config values throw, naming the field", () => {
    const rng = new Rng(1, 0);
    expect(() => family("complex_arithmetic").generate!(rng, { min_real: 5, max_real: 1 }, 0)).toThrow(/real/);
    expect(() => family("complex_arithmetic").generate!(rng, { operations: ["%"] }, 0)).toThrow(/operations/);
    expect(() => family("complex_arithmetic").generate!(rng, { operations_weights: [1, 0] }, 0)).toThrow(/operations_weights/);
    expect(() => family("polynomial_equations").generate!(rng, { min_degree: 0 }, 0)).toThrow(/min_degree/);
    expect(() => family("polynomial_multiplication").generate!(rng, { allow_multivariate_polynomials: true }, 0)).toThrow(/allow_multivariate_polynomials/);
    expect(() => family("polynomial_multiplication").generate!(rng, { min_polynomials: 1 }, 0)).toThrow(/min_polynomials/);
    expect(() => family("simple_equations").generate!(rng, { operators: ["+"], operators_weights: [0.5, 0.5] }, 0)).toThrow(/operators_weights/);
    expect(() => family("simple_integration").generate!(rng, { symbols: ["C"] }, 0)).toThrow(/symbols/);
  });
});

