// knights_knaves: who tells the truth. The answer's "<name> is a <role>" pairs, in any order and
// wording, against the stored ones: all of them 1.0; as many pairs as stored, some right: 0.3 plus
// 0.7 times the share right; else 0.
import { pySplit, pyStrip } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily } from "../family.ts";

const ROLES = new Set(["knight", "knave", "pioneer", "laggard", "saint", "sinner", "hero", "villain", "angel", "devil", "altruist", "egoist", "sage", "fool"]);
const FILLER = new Set(["is", "a", "an"]);

/** The (name, role) pairs an answer states: a role word pairs with the last word before it that is neither a role nor filler. */
function assignments(answer: string): Set<string> {
  const cleaned = pyStrip(answer.toLowerCase()).replace(/[.,()]/g, " ").replaceAll(" and ", " ");
  const pairs = new Set<string>();
  let name: string | undefined;
  for (const word of pySplit(cleaned)) {
    if (FILLER.has(word)) continue;
    if (ROLES.has(word)) {
      if (name !== undefined) pairs.add(`${name}\u0000${word}`);
      name = undefined;
    } else name = word;
  }
  return pairs;
}

export default defineFamily({
  name: "knights_knaves",
  category: "logic",
  scorer: "own",
  score(answer, entry) {
    if (!answer || typeof entry.answer !== "string") return 0;
    const oracle = assignments(entry.answer);
    const given = assignments(answer);
    const matching = [...given].filter((pair) => oracle.has(pair)).length;
    if (matching === oracle.size && given.size === oracle.size) return 1;
    return oracle.size === given.size && matching > 0 ? 0.3 + (0.7 * matching) / oracle.size : 0;
  },
});
