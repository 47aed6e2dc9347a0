// string_manipulation: a string rewritten by the first applicable rule until none applies or a
// state repeats. Scored by the library's default rule (families/default_score.ts).
import { defaultScore } from "../default_score.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";

type Rule = [text: string, apply: (s: string) => string | undefined];

const replaceFirst = (s: string, from: string, to: string) => (s.includes(from) ? s.replace(from, to) : undefined);
const countB = (s: string) => s.split("b").length - 1;

// The library's twenty rewriting rules (the facts of the task), in our words.
const RULES: readonly Rule[] = [
  ["If the string starts with 'ab', replace that prefix with 'ca'.", (s) => (s.startsWith("ab") ? "ca" + s.slice(2) : undefined)],
  ["If the string ends with 'ac', replace that suffix with 'cb'.", (s) => (s.endsWith("ac") ? s.slice(0, -2) + "cb" : undefined)],
  ["If the string starts with 'bc', remove those two characters and add 'aa' at the end.", (s) => (s.startsWith("bc") ? s.slice(2) + "aa" : undefined)],
  ["If the string ends with 'bb', remove the last two characters.", (s) => (s.endsWith("bb") ? s.slice(0, -2) : undefined)],
  ["If the string starts with 'cb', replace that prefix with 'aa' and remove the last character.", (s) => (s.startsWith("cb") ? "aa" + s.slice(2, -1) : undefined)],
  ["If the string starts with 'ca', replace that prefix with 'bb' and add 'c' at the end.", (s) => (s.startsWith("ca") ? "bb" + s.slice(2) + "c" : undefined)],
  ["If the string ends with 'cc', replace that suffix with 'b' and add 'a' at the start.", (s) => (s.endsWith("cc") ? "a" + s.slice(0, -2) + "b" : undefined)],
  ["If the string starts with 'aa', remove the first character.", (s) => (s.startsWith("aa") ? s.slice(1) : undefined)],
  ["If the string contains 'abc', replace its first occurrence with 'cab'.", (s) => replaceFirst(s, "abc", "cab")],
  ["If the string contains 'bca', remove its first occurrence.", (s) => replaceFirst(s, "bca", "")],
  ["If the string ends with 'ba', replace that suffix with 'ab'.", (s) => (s.endsWith("ba") ? s.slice(0, -2) + "ab" : undefined)],
  ["If the string starts with 'cc', remove the first two characters.", (s) => (s.startsWith("cc") ? s.slice(2) : undefined)],
  ["If the string contains 'acb', replace its first occurrence with 'bca'.", (s) => replaceFirst(s, "acb", "bca")],
  ["If the string ends with 'ca', remove the last character.", (s) => (s.endsWith("ca") ? s.slice(0, -1) : undefined)],
  ["If the string starts with 'bb', remove the second character.", (s) => (s.startsWith("bb") ? s[0] + s.slice(2) : undefined)],
  ["If the string ends with 'aa', replace that suffix with 'cc'.", (s) => (s.endsWith("aa") ? s.slice(0, -2) + "cc" : undefined)],
  [
    "If 'ca' occurs anywhere after the first character, remove its first such occurrence.",
    (s) => {
      const at = s.indexOf("ca", 1);
      return at < 0 ? undefined : s.slice(0, at) + s.slice(at + 2);
    },
  ],
  ["If the string holds a positive even number of 'b's, add 'ab' at the end.", (s) => (countB(s) > 0 && countB(s) % 2 === 0 ? s + "ab" : undefined)],
  ["If the string is longer than 15 characters, remove its middle character (at index length // 2).", (s) => (s.length > 15 ? s.slice(0, s.length >> 1) + s.slice((s.length >> 1) + 1) : undefined)],
  ["If the string starts with 'ac', replace those two characters with 'zz'.", (s) => (s.startsWith("ac") ? "zz" + s.slice(2) : undefined)],
];

// Past this many states the chain is dropped and another task drawn (every rule but three keeps or
// shrinks the length, so real chains are short); it bounds the work of a generated task.
const MAX_STATES = 1000;

/** The states from the start, each from the one before by its first applicable rule, until none applies or one repeats; undefined past MAX_STATES. */
function transforms(start: string, rules: readonly Rule[]): string[] | undefined {
  const states = [start];
  const seen = new Set(states);
  for (;;) {
    let next: string | undefined;
    for (const [, apply] of rules) if ((next = apply(states.at(-1)!)) !== undefined) break;
    if (next === undefined || seen.has(next)) return states;
    if (states.length === MAX_STATES) return undefined;
    states.push(next);
    seen.add(next);
  }
}

/** A random string of a, b and c, and a random ordered selection of the rules. */
function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minLength, maxLength] = configRange(config, "string_length", [5, 20], [5, 10_000]);
  const [minRules, maxRules] = configRange(config, "num_rules", [3, 8], [3, 20]);
  for (;;) {
    const length = rng.int(minLength, maxLength);
    const text = Array.from({ length }, () => rng.choice(["a", "b", "c"])).join("");
    const numRules = rng.int(minRules, maxRules);
    const selected = rng.sample(RULES, numRules);
    const states = transforms(text, selected);
    if (!states) continue;
    const answer = states.at(-1)!;
    return {
      question:
        "Rewrite the string below again and again. At each step, go through the rules in order and apply only the first one whose condition holds:\n" +
        `${selected.map(([rule], i) => `${i + 1}. ${rule}`).join("\n")}\n` +
        "Stop when no rule applies (the string stays the same), or when a step would produce a string seen before: then the answer is the string " +
        `before that step.\nAnswer with the final string only.\n\nString: ${text}`,
      answer,
      metadata: {
        source_dataset: "string_manipulation",
        source_index: index,
        string: text,
        solution: answer,
        states,
        selected_rules: selected.map(([rule]) => rule),
        string_length: length,
        num_rules: numRules,
        difficulty: { string_length: [minLength, maxLength], num_rules: [minRules, maxRules] },
      },
    };
  }
}

export default defineFamily({ name: "string_manipulation", category: "algorithmic", scorer: "default", score: defaultScore, generate });
