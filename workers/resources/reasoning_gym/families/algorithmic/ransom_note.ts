// ransom_note: whether a note can be made from a magazine's letters, each used once ("True" or
// "False"). Scored by the library's default rule (families/default_score.ts).
import { defaultScore } from "../default_score.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configInt, configNumber, configRange } from "../support/generator_config.ts";

const LETTERS = "abcdefghijklmnopqrstuvwxyz".split("");

function canConstruct(note: string, magazine: string): boolean {
  const counts = new Map<string, number>();
  for (const c of magazine) counts.set(c, (counts.get(c) ?? 0) + 1);
  for (const c of note) {
    const n = counts.get(c) ?? 0;
    if (n === 0) return false;
    counts.set(c, n - 1);
  }
  return true;
}

/** A random note; a magazine holding its letters plus random others, or (unsolvable) one letter of it short. */
function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minNote, maxNote] = configRange(config, "note_length", [1, 10], [1, 100_000]);
  const minMagazine = configInt(config, "min_magazine_length", 2, 2, 100_000);
  const maxMagazine = configInt(config, "max_magazine_length", 30, 2, 100_000);
  if (maxMagazine < minMagazine) throw new RangeError(`max_magazine_length must be at least min_magazine_length, got ${minMagazine} and ${maxMagazine}`);
  if (maxNote >= maxMagazine) throw new RangeError(`max_note_length must be less than max_magazine_length, got ${maxNote} and ${maxMagazine}`);
  const pSolvable = configNumber(config, "p_solvable", 0.5, 0, 1);
  const noteLength = rng.int(minNote, maxNote);
  const magazineLength = rng.int(Math.max(noteLength, minMagazine), maxMagazine);
  const solvable = rng.chance(pSolvable);
  const note = Array.from({ length: noteLength }, () => rng.choice(LETTERS));
  const magazine = [...note];
  if (solvable) {
    for (let i = noteLength; i < magazineLength; i++) magazine.push(rng.choice(LETTERS));
  } else {
    // Drop one of the note's letters and fill up with letters other than it: the magazine is one short.
    const missing = rng.choice(magazine);
    magazine.splice(magazine.indexOf(missing), 1);
    const others = LETTERS.filter((c) => c !== missing);
    for (let i = noteLength - 1; i < magazineLength; i++) magazine.push(rng.choice(others));
  }
  const ransomNote = rng.shuffled(note).join("");
  const magazineText = rng.shuffled(magazine).join("");
  const solution = canConstruct(ransomNote, magazineText);
  return {
    question:
      "Can the ransom note below be written with letters cut from the magazine, each magazine letter used at most once? " +
      "Answer True if it can, False if it cannot.\n\n" +
      `Ransom note: ${ransomNote}\nMagazine: ${magazineText}`,
    answer: solution ? "True" : "False",
    metadata: {
      source_dataset: "ransom_note",
      source_index: index,
      ransom_note: ransomNote,
      magazine: magazineText,
      solution,
      solvable,
      note_length: noteLength,
      magazine_length: magazineLength,
      difficulty: { note_length: [minNote, maxNote], magazine_length: [minMagazine, maxMagazine] },
    },
  };
}

export default defineFamily({ name: "ransom_note", category: "algorithmic", scorer: "default", score: defaultScore, generate });
