// sentence_reordering: put a sentence's shuffled words back in order. The stored sentence exactly
// 1.0; as many words as it has: the share of places holding its word (case aside); a different
// number of words 0.05.
import { pySplit } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily } from "../family.ts";

export default defineFamily({
  name: "sentence_reordering",
  category: "algorithmic",
  scorer: "own",
  score(answer, entry) {
    if (answer === null || typeof entry.answer !== "string") return 0;
    if (answer === entry.answer) return 1;
    const goal = pySplit(entry.answer);
    const words = pySplit(answer);
    if (goal.length !== words.length) return 0.05;
    // Two blank texts: the library divides by zero, so 0.
    if (goal.length === 0) return 0;
    return goal.filter((word, i) => word.toLowerCase() === words[i]!.toLowerCase()).length / goal.length;
  },
});
