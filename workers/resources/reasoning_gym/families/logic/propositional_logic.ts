// propositional_logic: a conclusion that follows from the given premises. Any conclusion the
// premises entail (checked by truth table over every atom used) scores 1.0, or 0.25 when it is
// trivial (a lone atom or a tautology); one they do not entail 0.05; an answer naming a capital
// letter that is not one of the task's variables, or that does not parse, 0. The library's
// parser: outer brackets dropped, then the loosest operator (↔, →, ∨, ∧ in that order) outside
// brackets, rightmost first; then a leading ¬; anything else is an atom, whatever its text.
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";
import { pyStrip } from "../../../../../shared/verifiers/python_str.ts";

type Formula = { op: null; atom: string } | { op: "¬"; a: Formula } | { op: "∧" | "∨" | "→" | "↔"; a: Formula; b: Formula };

const BINARY = ["↔", "→", "∨", "∧"] as const;
/** Longer conclusions are not meant; the parser's rescans make them quadratic. */
const MAX_ANSWER_CHARS = 2000;
/** Atoms past this make the truth table too large to walk; no meant conclusion has them. */
const MAX_ATOMS = 12;

/** Whether the text inside the outer brackets is balanced (never closing more than it opened). */
function enclosed(text: string): boolean {
  let level = 0;
  for (let i = 1; i < text.length - 1; i++) {
    if (text[i] === "(") level++;
    else if (text[i] === ")" && --level < 0) return false;
  }
  return level === 0;
}

function parse(source: string): Formula {
  const text = pyStrip(source);
  if (text.length === 0) throw new SyntaxError("empty expression");
  if (text.startsWith("(") && text.endsWith(")") && enclosed(text)) return parse(text.slice(1, -1));
  for (const op of BINARY) {
    let level = 0;
    for (let i = text.length - 1; i >= 0; i--) {
      const ch = text[i];
      if (ch === ")") level++;
      else if (ch === "(") level--;
      else if (level === 0 && ch === op) return { op, a: parse(text.slice(0, i)), b: parse(text.slice(i + 1)) };
    }
  }
  if (text.startsWith("¬")) return { op: "¬", a: parse(text.slice(1)) };
  return { op: null, atom: text };
}

function holds(f: Formula, value: ReadonlyMap<string, boolean>): boolean {
  switch (f.op) {
    case null:
      return value.get(f.atom)!;
    case "¬":
      return !holds(f.a, value);
    case "∧":
      return holds(f.a, value) && holds(f.b, value);
    case "∨":
      return holds(f.a, value) || holds(f.b, value);
    case "→":
      return !holds(f.a, value) || holds(f.b, value);
    case "↔":
      return holds(f.a, value) === holds(f.b, value);
  }
}

function atoms(f: Formula, out: Set<string>): Set<string> {
  if (f.op === null) out.add(f.atom);
  else {
    atoms(f.a, out);
    if (f.op !== "¬") atoms(f.b, out);
  }
  return out;
}

/** Every assignment of truth values to the atoms. */
function* assignments(names: ReadonlySet<string>): Generator<Map<string, boolean>> {
  if (names.size > MAX_ATOMS) throw new RangeError("too many atoms");
  const list = [...names];
  for (let i = 0; i < 2 ** list.length; i++) yield new Map(list.map((name, j) => [name, ((i >> j) & 1) === 1]));
}

function entails(premises: readonly Formula[], conclusion: Formula): boolean {
  const names = atoms(conclusion, new Set());
  for (const p of premises) atoms(p, names);
  for (const value of assignments(names)) if (premises.every((p) => holds(p, value)) && !holds(conclusion, value)) return false;
  return true;
}

const trivial = (f: Formula): boolean => f.op === null || entails([], f);

// Generation: formulas written as the library writes them ("(P ∧ ¬Q)"), premises of random
// depth that can all hold at once, and a conclusion of depth 2 they entail that is not trivial.
const OPERATORS = ["¬", ...BINARY] as const;
const CANDIDATES = 100;
const PREMISE_DRAWS = 50;

function text(f: Formula): string {
  if (f.op === null) return f.atom;
  return f.op === "¬" ? `¬${text(f.a)}` : `(${text(f.a)} ${f.op} ${text(f.b)})`;
}

function randomFormula(rng: Rng, names: readonly string[], depth: number): Formula {
  if (depth <= 1) return { op: null, atom: rng.choice(names) };
  const op = rng.choice(OPERATORS);
  if (op === "¬") return { op, a: randomFormula(rng, names, depth - 1) };
  return { op, a: randomFormula(rng, names, depth - 1), b: randomFormula(rng, names, depth - 1) };
}

const size = (f: Formula): number => (f.op === null ? 1 : f.op === "¬" ? 1 + size(f.a) : 1 + size(f.a) + size(f.b));

/** A conclusion the premises entail that is not trivial: a random one, else all premises joined. */
function conclusionFor(rng: Rng, premises: readonly Formula[], names: readonly string[]): Formula | undefined {
  for (let i = 0; i < CANDIDATES; i++) {
    const candidate = randomFormula(rng, names, 2);
    if (entails(premises, candidate) && !trivial(candidate)) return candidate;
  }
  const joined = premises.reduce((a, b): Formula => ({ op: "∧", a, b }));
  return trivial(joined) ? undefined : joined;
}

export default defineFamily({
  name: "propositional_logic",
  category: "logic",
  scorer: "validity",
  score(answer, entry) {
    const { variables, premises } = entry.metadata;
    if (answer === null || answer.length > MAX_ANSWER_CHARS) return 0;
    if (!Array.isArray(variables) || !Array.isArray(premises)) return 0;
    const allowed = new Set(variables);
    for (const letter of answer.match(/[A-Z]/g) ?? []) if (!allowed.has(letter)) return 0;
    const given = premises.map((p) => parse(String(p)));
    const conclusion = parse(answer);
    if (!entails(given, conclusion)) return 0.05;
    return trivial(conclusion) ? 0.25 : 1;
  },
  generate(rng, config, index) {
    const [minVars, maxVars] = configRange(config, "vars", [2, 4], [1, 10]);
    const [minStatements, maxStatements] = configRange(config, "statements", [2, 4], [1, 20]);
    const [minComplexity, maxComplexity] = configRange(config, "complexity", [1, 3], [1, 6]);
    const names = Array.from({ length: rng.int(minVars, maxVars) }, (_, i) => String.fromCharCode(80 + i));
    for (let draw = 0; draw < PREMISE_DRAWS; draw++) {
      const premises = Array.from({ length: rng.int(minStatements, maxStatements) }, () => randomFormula(rng, names, rng.int(minComplexity, maxComplexity)));
      // Contradictory premises entail everything: such a task tests nothing, so it is redrawn.
      if (entails(premises, { op: "¬", a: premises[0]! })) continue;
      const conclusion = conclusionFor(rng, premises, names);
      if (!conclusion) continue;
      const listed = premises.map((p, i) => `${i + 1}. ${text(p)}`).join("\n");
      return {
        question: `Premises:\n${listed}\nState one conclusion that follows from all of them. Write it with ∧ (and), ∨ (or), ¬ (not), → (implies), ↔ (if and only if) and brackets, using only the letters above.`,
        answer: null,
        metadata: {
          source_dataset: "propositional_logic",
          source_index: index,
          premises: premises.map(text),
          variables: names,
          complexity: size(conclusion),
          example_answer: text(conclusion),
          difficulty: { vars: [minVars, maxVars], statements: [minStatements, maxStatements], complexity: [minComplexity, maxComplexity] },
        },
      };
    }
    throw new RangeError(`min_vars..max_complexity gave no consistent premises with a non-trivial conclusion in ${PREMISE_DRAWS} draws`);
  },
  deviations: [`An answer over ${MAX_ANSWER_CHARS} characters, or with more than ${MAX_ATOMS} distinct atoms across it and the premises, scores 0 (bounded work); the library would walk its truth table however large.`],
});
