// reasoning-gym's algebra families, each in its own module here.
import type { Family } from "../family.ts";
import complexArithmetic from "./complex_arithmetic.ts";
import intermediateIntegration from "./intermediate_integration.ts";
import polynomialEquations from "./polynomial_equations.ts";
import polynomialMultiplication from "./polynomial_multiplication.ts";
import simpleEquations from "./simple_equations.ts";
import simpleIntegration from "./simple_integration.ts";

export default [complexArithmetic, intermediateIntegration, polynomialEquations, polynomialMultiplication, simpleEquations, simpleIntegration] satisfies Family[];
