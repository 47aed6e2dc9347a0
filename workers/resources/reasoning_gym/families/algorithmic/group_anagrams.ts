// group_anagrams: words grouped into anagram classes, as a JSON list of lists. The answer (read as
// Python's json.loads reads it) and the stored solution are each put in order as the library
// does (every group sorted, groups by their first word) and compared as json.dumps writes them:
// the same 1.0, different 0.01, unreadable or unsortable 0. The generator draws from anagram
// classes of our own (the library's word file is not ours), and shuffles the words.
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";
import { fromJson, pyJsonDumps, pyJsonLoads } from "../support/python_json.ts";
import { pyIterate, pySorted, type PyValue } from "../support/python_value.ts";

/** sorted([sorted(group) for group in groups], key=lambda g: g[0] if g else ""); throws where Python raises. */
function inOrder(groups: PyValue): PyValue[][] {
  const sortedGroups = pyIterate(groups).map((group) => pySorted(pyIterate(group), (word) => word));
  return pySorted(sortedGroups, (group) => (group.length > 0 ? group[0]! : ""));
}

const CLASSES: readonly string[][] = [
  "listen silent enlist tinsel inlets", "evil vile live veil", "stop pots tops spot post opts", "arts rats star tars tsar", "angel glean angle", "dusty study",
  "night thing", "state taste", "earth heart hater", "below elbow bowel", "cider cried dicer", "peach cheap", "loop pool polo", "meat team mate tame",
  "lemon melon", "inch chin", "sword words", "races cares scare acres", "least slate stale steal tales teals", "tea eat ate eta", "part trap rapt tarp",
  "dear read dare", "lair liar rail", "pale leap peal plea", "ocean canoe", "reset steer terse trees ester", "sharp harps", "shrub brush",
  "rescue secure recuse", "crate trace cater react caret", "dog god", "spare spear pears reaps parse", "wolf flow fowl", "lump plum",
  "parts strap traps sprat", "beak bake", "note tone", "mean name amen mane", "wasp paws swap", "gallery largely regally", "save vase",
].map((line) => line.split(" "));

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minGroups, maxGroups] = configRange(config, "anagram_groups", [2, 10], [2, 10_000]);
  const [minWords, maxWords] = configRange(config, "words_per_group", [2, 5], [2, 10_000]);
  // As many classes as asked for, up to all we have.
  const groups = Math.min(CLASSES.length, rng.int(minGroups, maxGroups));
  const chosen = rng.sample(CLASSES, groups).map((words) => rng.sample(words, Math.min(words.length, rng.int(minWords, maxWords))));
  const words = rng.shuffled(chosen.flat());
  const solution = inOrder(chosen) as string[][];
  return {
    question: `Two words are anagrams when one rearranges all the letters of the other. Group these words into classes of anagrams, in any order, and answer with a JSON list of lists of strings, like [["eat", "tea"], ["tan", "ant"]].\n\n${JSON.stringify(words)}`,
    answer: pyJsonDumps(solution),
    metadata: {
      source_dataset: "group_anagrams",
      source_index: index,
      words,
      solution,
      anagram_groups: groups,
      difficulty: { anagram_groups: [minGroups, maxGroups], words_per_group: [minWords, maxWords] },
    },
  };
}

export default defineFamily({
  name: "group_anagrams",
  category: "algorithmic",
  scorer: "own",
  score(answer, entry) {
    if (answer === null) return 0;
    try {
      const given = pyJsonDumps(inOrder(pyJsonLoads(answer)));
      return given === pyJsonDumps(inOrder(fromJson(entry.metadata.solution))) ? 1 : 0.01;
    } catch {
      return 0;
    }
  },
  generate,
});
