// acre: whether a blicket detector turns on (on, off or undetermined); the library's base scorer
// (the stored answer exactly, or its share of a longer answer that contains it). Our generator:
// a few objects, some of them (hidden) blickets, the detector lighting when any blicket is on it;
// six observed trials and a new one, whose answer is what the trials settle: an object seen in a
// trial that stayed off is no blicket; one that lit a trial with only non-blickets beside it is.
import { defaultScore } from "../default_score.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configInt } from "../support/generator_config.ts";

const COLORS = ["red", "blue", "green", "yellow", "purple", "gray", "brown", "cyan"];
const MATERIALS = ["rubber", "metal", "wood", "glass", "plastic", "cloth"];
const SHAPES = ["cube", "sphere", "cylinder", "cone", "torus", "pyramid"];
const TRIALS = 6;
const DRAWS = 50;

type Trial = { objects: number[]; on: boolean };

/** What the trials settle about the objects in `query`. */
function settled(trials: readonly Trial[], query: readonly number[]): "on" | "off" | "undetermined" {
  const inert = new Set(trials.filter((t) => !t.on).flatMap((t) => t.objects));
  const blickets = new Set(trials.filter((t) => t.on).flatMap((t) => {
    const unknown = t.objects.filter((o) => !inert.has(o));
    return unknown.length === 1 ? unknown : [];
  }));
  if (query.some((o) => blickets.has(o))) return "on";
  return query.every((o) => inert.has(o)) ? "off" : "undetermined";
}

const pickSet = (rng: Rng, count: number): number[] => rng.sample(Array.from({ length: count }, (_, i) => i), rng.int(1, Math.min(3, count))).sort((a, b) => a - b);

export default defineFamily({
  name: "acre",
  category: "induction",
  scorer: "default",
  score: defaultScore,
  generate(rng, config, index) {
    const train = configInt(config, "train", 1, 0, 1);
    const want = rng.choice(["on", "off", "undetermined"] as const);
    let task: { names: string[]; trials: Trial[]; query: number[]; answer: string } | undefined;
    for (let draw = 0; draw < DRAWS && task?.answer !== want; draw++) {
      const count = rng.int(4, 7);
      const names = rng.sample(COLORS.flatMap((c) => MATERIALS.flatMap((m) => SHAPES.map((s) => `${c} ${m} ${s}`))), count);
      const blickets = new Set(rng.sample(Array.from({ length: count }, (_, i) => i), rng.int(1, 2)));
      const trials = Array.from({ length: TRIALS }, (): Trial => {
        const objects = pickSet(rng, count);
        return { objects, on: objects.some((o) => blickets.has(o)) };
      });
      const query = pickSet(rng, count);
      task = { names, trials, query, answer: settled(trials, query) };
    }
    const { names, trials, query, answer } = task!;
    const list = (objects: readonly number[]) => objects.map((o) => names[o]).join(", ");
    return {
      question: `Some objects are blickets: putting one or more blickets on a detector makes it light up; other objects do nothing. These trials were observed:\n${trials.map((t) => `${list(t.objects)} → ${t.on ? "on" : "off"}`).join("\n")}\nNow ${list(query)} are put on the detector. Answer on if the trials show it will light, off if they show it will not, or undetermined if they do not settle it.`,
      answer,
      metadata: { source_dataset: "acre", source_index: index, trials: trials.map((t) => ({ objects: t.objects.map((o) => names[o]), output: t.on ? "on" : "off" })), query: query.map((o) => names[o]), difficulty: { train } },
    };
  },
});
