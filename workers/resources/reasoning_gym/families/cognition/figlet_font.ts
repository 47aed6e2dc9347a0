// figlet_font: the word an ASCII-art banner spells. The word (spaces dropped, any case) 1.0; else
// 0.1 for each character that matches the word's at the same position, at most 1.0.
import { defineFamily, type Entry } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configBool, configRange } from "../support/generator_config.ts";
import { FONTS, renderBlock } from "./block_font.ts";
import { normalizedAnswer, normalizedOracle } from "./spaced_word.ts";

// Our own words (the library draws from its anagram word list).
const WORDS = (
  "cat dog sun map fox owl ink jam elm yak lamp fern gold kite moss pier wolf yarn quiz vase amber bloom cider dwell ember flint glide haste " +
  "ivory lemon mirth noble ocean pearl quilt raven anchor bronze candle falcon garden harbor island jungle meadow pepper rocket silver " +
  "balloon cabinet diamond emerald fortune glacier harvest lantern network orchard pyramid thunder voyager mountain notebook painting " +
  "sapphire treasure umbrella waterfall blueprint chocolate adventure telescope butterfly geography astronomy kaleidoscope " +
  "extraordinary constellation photosynthesis responsibility characteristic internationally"
)
  .split(" ")
  .map((w) => w.toUpperCase());

function generate(rng: Rng, config: Record<string, unknown>, index: number): Entry {
  const [min, max] = configRange(config, "word_len", [3, 7], [1, 1000]);
  const spaced = configBool(config, "space_letters", true);
  const staticWord = config.static_word ?? null;
  const staticFont = config.static_font ?? null;
  if (staticWord !== null && (typeof staticWord !== "string" || !/^[A-Za-z]+$/.test(staticWord))) throw new RangeError(`static_word must be letters A..Z, got ${JSON.stringify(staticWord)}`);
  if (staticFont !== null && (typeof staticFont !== "string" || !Object.hasOwn(FONTS, staticFont))) throw new RangeError(`static_font must be one of ${Object.keys(FONTS).join(", ")}, got ${JSON.stringify(staticFont)}`);
  const words = WORDS.filter((w) => w.length >= min && w.length <= max);
  if (staticWord === null && words.length === 0) throw new RangeError(`min_word_len..max_word_len (${min}..${max}) holds none of our words (3 to 15 letters)`);
  const word = staticWord === null ? rng.choice(words) : staticWord.toUpperCase();
  const font = staticFont ?? rng.choice(Object.keys(FONTS));
  return {
    question: `Which word do these block letters spell?\n\n${renderBlock(word, font, spaced)}\n\nAnswer with the word only.`,
    answer: word,
    metadata: { source_dataset: "figlet_font", source_index: index, font, space_letters: spaced, difficulty: { word_len: [min, max] } },
  };
}

export default defineFamily({
  name: "figlet_font",
  category: "cognition",
  scorer: "own",
  score(answer, entry) {
    if (answer === null || typeof entry.answer !== "string") return 0;
    const given = normalizedAnswer(answer);
    const word = normalizedOracle(entry.answer);
    if (given === word) return 1;
    // Position by position over code points, as Python's zip over two str.
    const a = given[Symbol.iterator]();
    let matching = 0;
    for (const expected of word) {
      const next = a.next();
      if (next.done) break;
      if (next.value === expected) matching++;
    }
    return Math.min(matching * 0.1, 1);
  },
  generate,
});
