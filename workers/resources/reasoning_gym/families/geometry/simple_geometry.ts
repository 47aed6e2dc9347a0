// simple_geometry: the missing interior angle of a convex polygon; the library's base scorer (the
// stored answer exactly, or its share of a longer answer that contains it). Our generator draws
// the first n - 1 angles as whole degrees from min_angle..max_angle, redrawing (up to 100 times,
// as the library does) until they leave room for the last one.
import { defaultScore } from "../default_score.ts";
import { defineFamily } from "../family.ts";
import { configInt, configRange } from "../support/generator_config.ts";

const ATTEMPTS = 100;

export default defineFamily({
  name: "simple_geometry",
  category: "geometry",
  scorer: "default",
  score: defaultScore,
  generate(rng, config, index) {
    const [minSides, maxSides] = configRange(config, "sides", [3, 6], [3, 1000]);
    const minAngle = configInt(config, "min_angle", 10, 1, 179);
    const maxAngle = configInt(config, "max_angle", 170, minAngle, 179);
    const sides = rng.int(minSides, maxSides);
    const total = 180 * (sides - 2);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const known = Array.from({ length: sides - 1 }, () => rng.int(minAngle, maxAngle));
      const sum = known.reduce((a, b) => a + b, 0);
      if (sum >= total) continue;
      const missing = total - sum;
      return {
        question: `A convex polygon has ${sides} sides. ${sides - 1} of its interior angles measure ${known.map((a) => `${a.toFixed(1)}°`).join(", ")}. How many degrees is the remaining interior angle? Answer with the number only, without units.`,
        answer: String(missing),
        metadata: {
          source_dataset: "simple_geometry",
          source_index: index,
          n_sides: sides,
          known_angles: known,
          sum_of_known_angles: sum,
          missing_angle_raw: missing,
          missing_angle_rounded: missing,
          total_interior_sum: total,
          difficulty: { sides: [minSides, maxSides] },
        },
      };
    }
    throw new RangeError(`min_angle/max_angle leave no room for a ${sides}-sided polygon's last angle in ${ATTEMPTS} attempts`);
  },
});
