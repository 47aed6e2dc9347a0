// bitwise_arithmetic: evaluate an expression of hexadecimal numbers with + - * << >>. The answer
// read as Python's int(answer, 0) reads it (0x.., 0o.., 0b.. or plain decimal, signed: "-0x3")
// equal to the value of metadata.problem scores 1.0; anything else 0.
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configInt } from "../support/generator_config.ts";
import { pyIntBase0 } from "../support/python_number.ts";
import { evaluateIntExpression } from "./int_expression.ts";

const hex = (n: bigint): string => (n < 0n ? `-0x${(-n).toString(16)}` : `0x${n.toString(16)}`);

/** A random expression `depth` levels deep: multi-byte hex numbers at the leaves (now and then early), shifts by 0 to 3. */
function expression(rng: Rng, depth: number): string {
  if (depth <= 0 || rng.chance(0.01)) return hex(BigInt(rng.int(0x100, 0xffff)));
  const op = rng.choice(["+", "-", "*", "<<", ">>"]);
  const left = expression(rng, depth - 1);
  const right = op === "<<" || op === ">>" ? hex(BigInt(rng.int(0, 3))) : expression(rng, depth - 1);
  return `(${left} ${op} ${right})`;
}

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const difficulty = configInt(config, "difficulty", 2, 1, 10);
  const problem = expression(rng, difficulty);
  return {
    question: `Evaluate this expression of signed integers of unlimited width, and answer with the result in hexadecimal; a negative result as a minus sign and its magnitude (like -0x3), not two's complement.\n${problem}`,
    answer: hex(evaluateIntExpression(problem)),
    metadata: { source_dataset: "bitwise_arithmetic", source_index: index, problem, difficulty: { difficulty } },
  };
}

export default defineFamily({
  name: "bitwise_arithmetic",
  category: "arithmetic",
  scorer: "own",
  score(answer, entry) {
    if (answer === null) return 0;
    const problem = entry.metadata.problem;
    if (typeof problem !== "string") return 0;
    let expected: bigint;
    try {
      expected = evaluateIntExpression(problem);
    } catch {
      return 0;
    }
    return pyIntBase0(answer) === expected ? 1 : 0;
  },
  generate,
});
