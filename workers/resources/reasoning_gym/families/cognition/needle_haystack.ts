// needle_haystack: the one fact to find among many statements. The answer, with its spaces
// dropped, stripped and lower-cased, equal to the stored one (stripped and lower-cased) 1.0; else 0.
import { defineFamily, type Entry } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";
import { normalizedAnswer, normalizedOracle } from "./spaced_word.ts";

// Our own statement parts (the library draws from its own longer lists).
const NAMES = ("Ada Bram Cleo Dario Edda Femi Gus Hana Ivo Jun Kaia Lars Mira Nils Odile Pavel Quinn Rosa Sami Tova Ugo Vera Wren Xavi Yara Zeno " +
  "Abel Bea Cyrus Dana Emre Fay Gino Hugo Iris Joss Kemal Lena Milo Nora Otto Pia Rafe Sela Tomas Una Vik Wanda Yusuf Zora").split(" ");
const VERBS = ["adores", "can't stand", "is fond of", "dislikes", "craves", "ignores", "worships", "resents", "relishes", "is indifferent to", "cherishes", "scorns", "loves", "hates", "enjoys", "detests"];
const SUBJECTS = ("jazz|origami|chess|rainy days|spicy food|karaoke|gardening|sushi|board games|marathons|opera|camping|knitting|skateboarding|poetry|tea|" +
  "astronomy|pottery|surfing|crosswords|podcasts|baking|birdwatching|graffiti|yoga|sci-fi novels|ballet|fishing|trains|horror films|salsa dancing|cheese").split("|");
const PAIRS = VERBS.length * SUBJECTS.length;
// The needle's (verb, subject) names one person only, so the answer is unique: no other statement
// may use that pair.
const MOST = (NAMES.length - 1) * PAIRS + 1;

const statement = (k: number) => ({ name: NAMES[Math.floor(k / PAIRS)]!, verb: VERBS[Math.floor(k / SUBJECTS.length) % VERBS.length]!, subject: SUBJECTS[k % SUBJECTS.length]! });

function generate(rng: Rng, config: Record<string, unknown>, index: number): Entry {
  const [min, max] = configRange(config, "num_statements", [10, 100], [1, MOST]);
  const count = rng.int(min, max);
  // Statements are indices into names x verbs x subjects, all distinct.
  const needleIndex = rng.int(0, NAMES.length * PAIRS - 1);
  const chosen = new Set<number>([needleIndex]);
  while (chosen.size < count) {
    const k = rng.int(0, NAMES.length * PAIRS - 1);
    if (k % PAIRS !== needleIndex % PAIRS) chosen.add(k);
  }
  const statements = rng.shuffled([...chosen]).map(statement);
  const needle = statement(needleIndex);
  const question = `Who ${needle.verb} ${needle.subject}? Answer with the name only.`;
  return {
    question: `${statements.map((s) => `${s.name} ${s.verb} ${s.subject}.`).join(" ")}\n${question}`,
    answer: needle.name,
    metadata: { source_dataset: "needle_haystack", source_index: index, question, num_statements: count, difficulty: { num_statements: [min, max] } },
  };
}

export default defineFamily({
  name: "needle_haystack",
  category: "cognition",
  scorer: "own",
  score(answer, entry) {
    if (answer === null || typeof entry.answer !== "string") return 0;
    return normalizedAnswer(answer) === normalizedOracle(entry.answer) ? 1 : 0;
  },
  generate,
});
