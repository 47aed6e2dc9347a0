// path_star: the path from the centre of a star graph to a goal node (unique in a star). The
// node list with whitespace runs collapsed to one space, equal to the stored one, 1.0; else 0.
import { pySplit } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily, type Entry } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configBool, configInt, configRange } from "../support/generator_config.ts";

const words = (text: string): string => pySplit(text).join(" ");

function generate(rng: Rng, config: Record<string, unknown>, index: number): Entry {
  const degree = configInt(config, "degree", 3, 2, 1000);
  const [minLength, maxLength] = configRange(config, "path_length", [3, 5], [2, 1000]);
  const nodeRange = configInt(config, "node_range", 100_000, 1, 2 ** 31);
  if (nodeRange <= degree * maxLength + 1) throw new RangeError(`node_range must exceed degree * max_path_length + 1, got ${nodeRange}`);
  const reversed = configBool(config, "reversed", false);
  const center = rng.int(0, nodeRange - 1);
  const length = rng.int(minLength, maxLength);
  const used = new Set([center]);
  const label = () => {
    let n: number;
    do n = rng.int(0, nodeRange - 1);
    while (used.has(n));
    used.add(n);
    return n;
  };
  const arms = Array.from({ length: degree }, () => Array.from({ length }, label));
  const goalArm = rng.choice(arms);
  const goal = goalArm[goalArm.length - 1]!;
  const edges = rng.shuffled(arms.flatMap((arm) => [[center, arm[0]!], ...arm.slice(1).map((n, i) => [arm[i]!, n])]));
  const path = [center, ...goalArm];
  const [from, to] = reversed ? [goal, center] : [center, goal];
  const task = `${edges.map(([u, v]) => `|${u} ${v}`).join("")}/${from} ${to} = `;
  return {
    question:
      "A path-star graph is a centre node with several simple paths (arms) leaving it. Its edges are listed below, each as '|u v'; after the '/' come the start and goal nodes. " +
      "Give the path from start to goal as node labels separated by single spaces, start and goal included.\n" +
      `Example: |1 2|1 3|2 4|3 5/1 5 = 1 3 5\n\n${task}`,
    answer: (reversed ? [...path].reverse() : path).join(" "),
    metadata: { source_dataset: "path_star", source_index: index, center, goal, path_length: length, goal_path: path, difficulty: { degree, node_range: nodeRange, path_length: [minLength, maxLength] } },
  };
}

export default defineFamily({
  name: "path_star",
  category: "graphs",
  scorer: "own",
  score(answer, entry) {
    if (answer === null || typeof entry.answer !== "string") return 0;
    const given = words(answer);
    return given.length > 0 && given === words(entry.answer) ? 1 : 0;
  },
  generate,
});
