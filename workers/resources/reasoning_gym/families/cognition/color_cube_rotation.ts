// color_cube_rotation: the colour a side of a cube shows after it is turned a few times. The
// colour, stripped and in any case, 1.0; any other answer 0.01.
import { pyStrip } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily, type Entry } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";

const COLOURS = ["red", "green", "blue", "yellow", "white", "orange", "purple", "pink", "brown", "gray", "cyan", "magenta", "gold", "silver", "indigo", "violet"];
const SIDES = ["top", "right", "front", "left", "back", "bottom"] as const;
type Side = (typeof SIDES)[number];

// Turning the cube so that a side comes to the top: where each side's colour comes from.
const TURNS: Record<Exclude<Side, "top">, Partial<Record<Side, Side>>> = {
  front: { top: "front", front: "bottom", bottom: "back", back: "top" },
  right: { top: "right", right: "bottom", bottom: "left", left: "top" },
  back: { top: "back", back: "bottom", bottom: "front", front: "top" },
  left: { top: "left", left: "bottom", bottom: "right", right: "top" },
  bottom: { top: "bottom", bottom: "top", front: "back", back: "front" },
};

function generate(rng: Rng, config: Record<string, unknown>, index: number): Entry {
  const [min, max] = configRange(config, "rotations", [1, 3], [1, 10_000]);
  const colours = rng.shuffled(COLOURS);
  const initial = Object.fromEntries(SIDES.map((side, i) => [side, colours[i]!])) as Record<Side, string>;
  const cube = { ...initial };
  const rotations: Side[] = [];
  const count = rng.int(min, max);
  for (let i = 0; i < count; i++) {
    const side = rng.choice(SIDES.slice(1)) as Exclude<Side, "top">;
    const before = { ...cube };
    for (const [to, from] of Object.entries(TURNS[side])) cube[to as Side] = before[from];
    rotations.push(side);
  }
  const target = rng.choice(SIDES);
  const lines = [`Picture a cube whose sides are coloured: ${SIDES.map((side) => `${side} ${initial[side]}`).join(", ")}.`];
  rotations.forEach((side, i) => lines.push(`${i === 0 ? "First" : "Then"} the cube is tipped so that its ${side} side (as it is at that moment) ends up on top.`));
  lines.push(`Which colour is the ${target} side now? Answer with the colour only.`);
  return {
    question: lines.join("\n"),
    answer: cube[target],
    metadata: {
      source_dataset: "color_cube_rotation",
      source_index: index,
      initial_state: initial,
      rotations,
      target_side: target,
      num_rotations: count,
      difficulty: { rotations: [min, max] },
    },
  };
}

export default defineFamily({
  name: "color_cube_rotation",
  category: "cognition",
  scorer: "own",
  score(answer, entry) {
    if (answer === null) return 0;
    if (typeof entry.answer !== "string") return 0.01;
    return pyStrip(answer).toLowerCase() === pyStrip(entry.answer).toLowerCase() ? 1 : 0.01;
  },
  generate,
});
