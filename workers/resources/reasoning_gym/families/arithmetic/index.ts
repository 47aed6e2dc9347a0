// reasoning-gym's arithmetic families, each in its own module here.
import type { Family } from "../family.ts";
import basicArithmetic from "./basic_arithmetic.ts";
import bitwiseArithmetic from "./bitwise_arithmetic.ts";
import calendarArithmetic from "./calendar_arithmetic.ts";
import chainSum from "./chain_sum.ts";
import countBits from "./count_bits.ts";
import decimalArithmetic from "./decimal_arithmetic.ts";
import decimalChainSum from "./decimal_chain_sum.ts";
import dice from "./dice.ts";
import fractionSimplification from "./fraction_simplification.ts";
import gcd from "./gcd.ts";
import gsmSymbolic from "./gsm_symbolic.ts";
import lcm from "./lcm.ts";
import legCounting from "./leg_counting.ts";
import numberFormat from "./number_format.ts";
import powerFunction from "./power_function.ts";
import primeFactorization from "./prime_factorization.ts";
import products from "./products.ts";
import timeIntervals from "./time_intervals.ts";

export default [
  basicArithmetic,
  bitwiseArithmetic,
  calendarArithmetic,
  chainSum,
  countBits,
  decimalArithmetic,
  decimalChainSum,
  dice,
  fractionSimplification,
  gcd,
  gsmSymbolic,
  lcm,
  legCounting,
  numberFormat,
  powerFunction,
  primeFactorization,
  products,
  timeIntervals,
] satisfies Family[];
