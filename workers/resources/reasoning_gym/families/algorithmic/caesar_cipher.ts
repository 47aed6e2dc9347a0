// caesar_cipher: an uppercase sentence whose letters were shifted round the alphabet, to be
// decrypted. The library's default scorer.
import { defaultScore } from "../default_score.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";
import { WORDS } from "./words.ts";

const A = "A".charCodeAt(0);

export const caesar = (text: string, rotation: number): string => text.replace(/[A-Z]/g, (c) => String.fromCharCode(A + ((c.charCodeAt(0) - A + rotation) % 26)));

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minWords, maxWords] = configRange(config, "words", [3, 20], [1, 10_000]);
  const [minRotation, maxRotation] = configRange(config, "rotation", [1, 25], [1, 25]);
  const numWords = rng.int(minWords, maxWords);
  const sentence = Array.from({ length: numWords }, () => rng.choice(WORDS).toUpperCase()).join(" ");
  const rotation = rng.int(minRotation, maxRotation);
  const cipherText = caesar(sentence, rotation);
  return {
    question: `This text was encrypted with a Caesar cipher (each letter shifted the same number of places along the alphabet): ${cipherText}\nWhat is the original text? Give only the decrypted text.`,
    answer: sentence,
    metadata: {
      source_dataset: "caesar_cipher",
      source_index: index,
      rotation,
      cipher_text: cipherText,
      clear_text: sentence,
      num_words: numWords,
      difficulty: { words: [minWords, maxWords], rotation: [minRotation, maxRotation] },
    },
  };
}

export default defineFamily({ name: "caesar_cipher", category: "algorithmic", scorer: "default", score: defaultScore, generate });
