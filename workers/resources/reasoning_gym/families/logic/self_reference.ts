// self_reference: how many truth assignments make a set of self-referring statements consistent.
// The answer exactly the stored one (as text) scores 1.0; anything else 0. Our generator uses the
// library's seven kinds of statement (at least a true, at most b false, exactly c true, exactly d
// false, 3 xor 4, the true count prime, the false count composite) with random a..d, and counts
// the consistent assignments by trying all 128.
import { defineFamily } from "../family.ts";
import { configInt } from "../support/generator_config.ts";

const N = 7;
const isPrime = (n: number): boolean => n >= 2 && Array.from({ length: n - 2 }, (_, i) => i + 2).every((d) => d * d > n || n % d !== 0);
const isComposite = (n: number): boolean => n > 1 && !isPrime(n);

/** How many of the 2^7 truth assignments agree with what each statement says. */
function solutions([a, b, c, d]: readonly number[]): number {
  let count = 0;
  for (let mask = 0; mask < 2 ** N; mask++) {
    const value = Array.from({ length: N }, (_, i) => ((mask >> i) & 1) === 1);
    const t = value.filter(Boolean).length;
    const f = N - t;
    const claims = [t >= a!, f <= b!, t === c, f === d, value[2] !== value[3], isPrime(t), isComposite(f)];
    if (claims.every((claim, i) => claim === value[i])) count++;
  }
  return count;
}

export default defineFamily({
  name: "self_reference",
  category: "logic",
  scorer: "own",
  score(answer, entry) {
    return answer !== null && entry.answer !== null && entry.answer !== undefined && answer === String(entry.answer) ? 1 : 0;
  },
  generate(rng, config, index) {
    const difficulty = configInt(config, "difficulty", 5, 1, 10);
    const params = [rng.int(1, N), rng.int(0, N), rng.int(0, N), rng.int(0, N)];
    const [a, b, c, d] = params;
    const statements = [
      `At least ${a} of these 7 statements are true.`,
      `At most ${b} of these 7 statements are false.`,
      `Exactly ${c} of these 7 statements are true.`,
      `Exactly ${d} of these 7 statements are false.`,
      "Exactly one of statements 3 and 4 is true.",
      "The number of true statements is prime.",
      "The number of false statements is composite.",
    ];
    return {
      question: `Each of these seven statements is either true or false:\n${statements.map((s, i) => `${i + 1}. ${s}`).join("\n")}\nIn how many ways can truth values be given to them so that every statement is true exactly when what it says holds? Answer with a number.`,
      answer: String(solutions(params)),
      metadata: { source_dataset: "self_reference", source_index: index, parameters: { a, b, c, d }, difficulty: { difficulty } },
    };
  },
});
