// circuit_logic: the output (0 or 1) of a drawn logic circuit for given inputs. The stored answer
// exactly scores 1.0; with whitespace around it, its share of the answer's length; else 0. Our
// generator builds the library's kind of circuit (terms of AND, NAND or XOR over inputs, some
// negated, joined by a final OR, NOR, XOR or AND gate) and lists its gates in words, not drawn.
import { defineFamily } from "../family.ts";
import { configBool, configNumber, configRange } from "../support/generator_config.ts";
import { pyLen, pyStrip } from "../../../../../shared/verifiers/python_str.ts";

const TERM_GATES = [
  ["AND", "&"],
  ["NAND", "↑"],
  ["XOR", "⊕"],
] as const;
const FINAL_GATES = [
  ["OR", "+"],
  ["NOR", "↓"],
  ["XOR", "⊕"],
  ["AND", "&"],
] as const;

/** A, B, ..., Z, AA, AB, ... as spreadsheet columns are named. */
function inputName(i: number): string {
  let name = "";
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function gate(kind: string, values: readonly boolean[]): boolean {
  const and = values.every(Boolean);
  const or = values.some(Boolean);
  const odd = values.filter(Boolean).length % 2 === 1;
  return { AND: and, NAND: !and, XOR: odd, OR: or, NOR: !or }[kind]!;
}

export default defineFamily({
  name: "circuit_logic",
  category: "logic",
  scorer: "own",
  score(answer, entry) {
    if (!answer || typeof entry.answer !== "string") return 0;
    if (answer === entry.answer) return 1;
    return pyStrip(answer) === entry.answer ? pyLen(entry.answer) / pyLen(answer) : 0;
  },
  generate(rng, config, index) {
    const [minTerms, maxTerms] = configRange(config, "terms", [3, 5], [1, 50]);
    const [minInputs, maxInputs] = configRange(config, "inputs", [2, 4], [1, 26]);
    const negation = configNumber(config, "neg_prob", 0.3, 0, 1);
    const reuse = configBool(config, "allow_reuse", true);
    const [finalName, finalSymbol] = rng.choice(FINAL_GATES);
    const inputs: string[] = [];
    // An input already in use comes back half the time (when reuse is allowed); else a new one.
    const pick = (): string => {
      if (reuse && inputs.length > 0 && rng.chance(0.5)) return rng.choice(inputs);
      inputs.push(inputName(inputs.length));
      return inputs.at(-1)!;
    };
    const terms = Array.from({ length: rng.int(minTerms, maxTerms) }, () => {
      const [name, symbol] = rng.choice(TERM_GATES);
      const literals = Array.from({ length: rng.int(minInputs, maxInputs) }, () => ({ input: pick(), negated: rng.chance(negation) }));
      return { name, symbol, literals };
    });
    const assignments = Object.fromEntries(inputs.map((name) => [name, rng.int(0, 1)]));
    const termValues = terms.map((t) => gate(t.name, t.literals.map((l) => (assignments[l.input] === 1) !== l.negated)));
    const output = gate(finalName, termValues) ? 1 : 0;
    const termStrings = terms.map((t) => t.literals.map((l) => `${l.input}${l.negated ? "'" : ""}`).join(t.symbol));
    const described = terms.map((t, i) => `gate ${i + 1} = ${t.name}(${t.literals.map((l) => (l.negated ? `NOT ${l.input}` : l.input)).join(", ")})`);
    return {
      question: `A logic circuit has inputs ${inputs.join(", ")} and these gates:\n${described.join("\n")}\nOUT = ${finalName}(${terms.map((_, i) => `gate ${i + 1}`).join(", ")})\n(AND is 1 when all its inputs are 1, NAND is its negation, OR is 1 when any input is 1, NOR is its negation, XOR is 1 when an odd number of inputs are 1.)\nWith ${inputs.map((n) => `${n} = ${assignments[n]}`).join(", ")}, what is OUT? Answer 0 or 1.`,
      answer: String(output),
      metadata: {
        source_dataset: "circuit_logic",
        source_index: index,
        expression: termStrings.map((t) => `(${t})`).join(finalSymbol),
        assignments,
        term_strings: termStrings,
        final_gate: finalName,
        inputs,
        difficulty: { terms: [minTerms, maxTerms], inputs: [minInputs, maxInputs] },
      },
    };
  },
});
