// leg_counting: the total number of legs of a group of animals; the library's base scorer (the
// stored answer exactly, or its share of a longer answer that contains it).
import { defaultScore } from "../default_score.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";

// The library's animals and their legs (a fact table: its 37 kinds).
const LEGS: Readonly<Record<string, number>> = {
  snake: 0, "sea slug": 0, jellyfish: 0, flatworm: 0, leech: 0,
  chicken: 2, bird: 2, human: 2, duck: 2,
  dog: 4, cat: 4, cow: 4, horse: 4, lion: 4, elephant: 4, giraffe: 4, tiger: 4, deer: 4, sheep: 4,
  starfish: 5,
  insect: 6, ant: 6, butterfly: 6, beetle: 6, bee: 6, wasp: 6, grasshopper: 6, cricket: 6, cockroach: 6, "praying mantis": 6, firefly: 6,
  spider: 8, scorpion: 8,
  crab: 10, lobster: 10, shrimp: 10,
  woodlouse: 14,
};
const KINDS = Object.keys(LEGS);

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minAnimals, maxAnimals] = configRange(config, "animals", [3, 10], [1, KINDS.length]);
  const [minInstances, maxInstances] = configRange(config, "instances", [1, 15], [1, 1_000_000]);
  const animals: Record<string, number> = {};
  for (const kind of rng.sample(KINDS, rng.int(minAnimals, maxAnimals))) animals[kind] = rng.int(minInstances, maxInstances);
  const total = Object.entries(animals).reduce((sum, [kind, count]) => sum + count * LEGS[kind]!, 0);
  const listed = Object.entries(animals).map(([kind, count]) => `${count} ${kind}${count > 1 ? "s" : ""}`);
  return {
    question: `Count the legs. A field holds ${listed.join(", ")}. How many legs are there altogether? Answer with the number only.`,
    answer: String(total),
    metadata: { source_dataset: "leg_counting", source_index: index, animals, num_animals: listed.length, total_legs: total, difficulty: { num_animals: [minAnimals, maxAnimals], num_instances: [minInstances, maxInstances] } },
  };
}

export default defineFamily({ name: "leg_counting", category: "arithmetic", scorer: "default", score: defaultScore, generate });
