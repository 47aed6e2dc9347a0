// course_schedule: whether every course can be taken given its prerequisites ("True" or
// "False"); the library's base scorer (the stored answer exactly, or its share of a longer answer
// that contains it).
import { defaultScore } from "../default_score.ts";
import { defineFamily, type Entry } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configNumber, configRange } from "../support/generator_config.ts";

/** Whether the prerequisite graph (course -> prerequisite) has no cycle: Kahn's algorithm. */
function canFinish(courses: number, prerequisites: readonly [number, number][]): boolean {
  const waiting = new Array<number>(courses).fill(0);
  const unlocks = Array.from({ length: courses }, () => [] as number[]);
  for (const [course, prerequisite] of prerequisites) {
    waiting[course]!++;
    unlocks[prerequisite]!.push(course);
  }
  const ready = waiting.flatMap((n, course) => (n === 0 ? [course] : []));
  let taken = 0;
  while (ready.length > 0) {
    taken++;
    for (const next of unlocks[ready.pop()!]!) if (--waiting[next]! === 0) ready.push(next);
  }
  return taken === courses;
}

function generate(rng: Rng, config: Record<string, unknown>, index: number): Entry {
  const courseRange = configRange(config, "num_courses", [5, 10], [3, 10_000]);
  const prerequisiteRange = configRange(config, "num_prerequisites", [1, 2], [1, 10_000]);
  const cycleRange = configRange(config, "cycle_length", [3, 5], [3, 10_000]);
  const pSolvable = configNumber(config, "p_solvable", 0.5, 0, 1);
  const count = rng.int(...courseRange);
  // Courses in a random order; each may require only courses before it, so the graph is acyclic
  // until, for an unsolvable task, a cycle is added.
  const order = rng.shuffled(Array.from({ length: count }, (_, i) => i));
  const solvable = rng.chance(pSolvable);
  const pairs = new Map<string, [number, number]>();
  const add = (course: number, prerequisite: number) => pairs.set(`${course} ${prerequisite}`, [course, prerequisite]);
  for (let i = count - 1; i > 0; i--) {
    const n = Math.min(i, rng.int(...prerequisiteRange));
    for (const p of rng.sample(order.slice(0, i), n)) add(order[i]!, p);
  }
  if (!solvable) {
    const cycle = rng.sample(order, Math.min(count, rng.int(...cycleRange)));
    cycle.forEach((course, i) => add(course, cycle[(i + 1) % cycle.length]!));
  }
  const prerequisites = rng.shuffled([...pairs.values()]);
  const answer = canFinish(count, prerequisites);
  return {
    question:
      `You must take ${count} courses, numbered 0 to ${count - 1}. Each pair (a, b) below means course b must be taken before course a:\n` +
      `[${prerequisites.map(([a, b]) => `(${a}, ${b})`).join(", ")}]\n` +
      "Can all the courses be finished? Answer True or False.",
    answer: answer ? "True" : "False",
    metadata: {
      source_dataset: "course_schedule",
      source_index: index,
      courses: order,
      prerequisites,
      solution: answer,
      solvable,
      difficulty: { num_courses: courseRange, num_prerequisites: prerequisiteRange, cycle_length: cycleRange },
    },
  };
}

export default defineFamily({ name: "course_schedule", category: "graphs", scorer: "default", score: defaultScore, generate });
