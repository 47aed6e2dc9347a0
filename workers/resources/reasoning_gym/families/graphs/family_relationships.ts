// family_relationships: how two people of a family story are related. The relation word,
// stripped and in any case, 1.0; else 0.
import { pyStrip } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily, type Entry } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";
import { buildFamily, relation, story } from "./family_tree.ts";

// Our own names (the config's male_names and female_names replace them).
const MALE = "Arlo Bruno Caspar Dmitri Elias Felix Gideon Hector Ignatius Jasper Kofi Leander Magnus Nico Orson Percy Quentin Rufus Silas Tobias Ulrich Viggo Wendell Xander Yusuf Zeke".split(" ");
const FEMALE = "Astrid Beatrix Celeste Daphne Elodie Freya Greta Hazel Imogen Juno Kiri Lucia Maren Nadia Odette Priya Rosalind Saoirse Thea Ulla Vesna Wilhelmina Ximena Yvaine Zelda Ingrid".split(" ");

function names(config: Record<string, unknown>, field: string, fallback: string[]): string[] {
  const value = config[field] ?? fallback;
  if (!Array.isArray(value) || value.length === 0 || !value.every((n) => typeof n === "string" && n !== "")) throw new RangeError(`${field} must be a non-empty list of names`);
  return value as string[];
}

function generate(rng: Rng, config: Record<string, unknown>, index: number): Entry {
  const [min, max] = configRange(config, "family_size", [4, 8], [3, 60]);
  const male = names(config, "male_names", MALE);
  const female = names(config, "female_names", FEMALE);
  const { members, couples } = buildFamily(rng, rng.int(min, max), { male, female });
  // Any two members the library's relationships name (every family holds a parent and child).
  const pairs = members.flatMap((a) => members.flatMap((b) => (a === b ? [] : [{ a, b, word: relation(a, b) }]))).filter((p) => p.word !== undefined);
  const { a, b, word } = rng.choice(pairs);
  return {
    question: `${story(couples)}\n\nWhat is ${a.name} to ${b.name}? Answer with one word for the relationship.`,
    answer: word!,
    metadata: { source_dataset: "family_relationships", source_index: index, person1: a.name, person2: b.name, relationship: word, family_size: members.length, difficulty: { family_size: [min, max] } },
  };
}

export default defineFamily({
  name: "family_relationships",
  category: "graphs",
  scorer: "own",
  score(answer, entry) {
    if (answer === null || typeof entry.answer !== "string") return 0;
    return pyStrip(answer).toLowerCase() === pyStrip(entry.answer).toLowerCase() ? 1 : 0;
  },
  generate,
});
