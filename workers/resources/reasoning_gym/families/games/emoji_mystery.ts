// emoji_mystery: the decoded sentence. Exact: 1.0; of the same length (in code points): the share
// of positions that agree; else 0.01; no answer 0.
import { WORDS } from "../algorithmic/words.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";

/** The sentence's UTF-8 bytes hidden after the emoji as variation selectors. */
function encode(emoji: string, sentence: string): string {
  const selectors = [...new TextEncoder().encode(sentence)].map((b) => String.fromCodePoint(b < 16 ? 0xfe00 + b : 0xe0100 + b - 16));
  return emoji + selectors.join("");
}

// Generated sentences are random words (the library draws a novel's sentences), hidden after an
// emoji of the Emoticons block.
function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minWords, maxWords] = configRange(config, "words_in_sentence", [3, 35], [1, 1000]);
  const count = rng.int(minWords, maxWords);
  const words = Array.from({ length: count }, () => rng.choice(WORDS));
  const sentence = `${words[0]![0]!.toUpperCase()}${words[0]!.slice(1)}${words.length > 1 ? " " : ""}${words.slice(1).join(" ")}${rng.choice([".", "!", "?"])}`;
  const emoji = String.fromCodePoint(rng.int(0x1f600, 0x1f64f));
  return {
    question: `A sentence is hidden in this emoji: ${encode(emoji, sentence)}\n\nAfter the emoji's first character, each invisible variation selector carries one byte of the sentence's UTF-8 text: U+FE00 to U+FE0F stand for the bytes 0 to 15, U+E0100 to U+E01EF for the bytes 16 to 255; other characters carry nothing. Decode the bytes and answer with the sentence.`,
    answer: sentence,
    metadata: { source_dataset: "emoji_mystery", source_index: index, emoji, num_words_in_sentence: count, difficulty: { num_words_in_sentence: [minWords, maxWords] } },
  };
}

export default defineFamily({
  name: "emoji_mystery",
  category: "games",
  scorer: "own",
  generate,
  score(answer, entry) {
    if (answer === null) return 0;
    const oracle = entry.answer;
    if (answer === oracle) return 1;
    if (typeof oracle !== "string") return 0.01;
    const given = [...answer];
    const wanted = [...oracle];
    if (given.length !== wanted.length) return 0.01;
    return given.filter((ch, i) => ch === wanted[i]).length / wanted.length;
  },
});
