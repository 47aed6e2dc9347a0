// reasoning-gym's algorithmic families, second half (number_sorting to word_sorting): each scored as
// the library scores it (the pinned scores come from running the library), our deviations, hostile
// answers, and our generators.
import { describe, expect, test } from "vitest";
import { elapsed, entry, family, score } from "./support.ts";
import type { Entry, Family } from "../../../../../workers/resources/reasoning_gym/families/family.ts";
import { Rng } from "../../../../../workers/resources/reasoning_gym/families/rng.ts";
import ALGORITHMIC from "../../../../../workers/resources/reasoning_gym/families/algorithmic/index.ts";

// The second half of the category, alphabetically.
const SECOND_HALF: readonly Family[] = ALGORITHMIC.filter((family) => family.name >= "number_sorting");

// Scores the library (reasoning-gym 49b07130, get_score_answer_fn with the default config) gives
// these answers, pinned: [family, entry, [answer, score][]].
const PINNED: [string, Entry, [string | null, number][]][] = [
  ["number_sorting", {"question": "", "answer": "['52.2', '30.0', '14.0', '-49.0', '-81.0']", "metadata": {"source_dataset": "number_sorting", "direction": "descending", "sorted_numbers": ["52.2", "30.0", "14.0", "-49.0", "-81.0"]}}, [
    [null, 0],
    ["", 0],
    ["['52.2', '30.0', '14.0', '-49.0', '-81.0']", 1],
    ["[\"52.2\", \"30.0\", \"14.0\", \"-49.0\", \"-81.0\"]", 1],
    ["[52.2, 30, 14, -49, -81]", 1],
    ["[52.9, 30.9, 14.9, -48.1, -80.1]", 1],
    ["[53.3, 30.0, 14.0, -49.0, -81.0]", 0],
    ["[-81, -49, 14, 30, 52.2]", 0],
    ["[52.2, 30, 14, -49]", 0],
    ["52.2, 30, 14, -49, -81", 0],
    ["[52.2, 30, 14, -49, -81,]", 0],
    ["[' 52.2 ', '3_0', '14e0', '-49.', '-81']", 1],
    ["[52.2, 30, 14, -49, null]", 0],
    ["[52.2, 30, true, false, -81]", 0],
    ["[52.2, 30, 14, -49, [-81]]", 0],
    ["[52.2, 30, 14, -49, -Infinity]", 0],
    ["{\"a\": 1}", 0],
    ["[52.2, 30, 14, -49, -81] x", 0],
    ["  [52.2,30,14,-49,-81]\n", 1],
    ["[52.2, 30, 14, -49, -10000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000]", 0],
    ["[52.2, 30, 14, -49, -81e0]", 1],
    ["['52.2', '30', 'fourteen', '-49', '-81']", 0],
    ["[52.2, 30, 14, 14, -81]", 0],
    ["[052.2, 30, 14, -49, -81]", 0],
  ]],
  ["number_sorting", {"question": "", "answer": "['-97.8', '-95.7', '-92.8', '-83.6', '-16.5', '61.5', '71.1']", "metadata": {"source_dataset": "number_sorting", "direction": "ascending"}}, [
    ["['-97.8', '-95.7', '-92.8', '-83.6', '-16.5', '61.5', '71.1']", 1],
    ["['-97.8', '-95.7', '-92.85', '-83.6', '-16.5', '61.5', '71.08']", 1],
    ["['-16.5', '-83.6', '-92.85', '-95.7', '-97.8', '61.5', '71.08']", 0],
    ["['-97.8', '-95.7', '-91.0', '-83.6', '-16.5', '61.5', '72.0']", 0],
    ["['-97.8', '-97.8', '-92.8', '-83.6', '-16.5', '61.5', '71.1']", 0],
  ]],
  ["palindrome_generation", {"question": "", "answer": "oucuo", "metadata": {"source_dataset": "palindrome_generation", "letters": ["c", "o", "u", "o", "u"]}}, [
    [null, 0],
    ["", 0],
    ["oucuo", 1],
    ["uocou", 1],
    ["  OUCUO \n", 1],
    ["racecar", 0.05],
    ["abcd", 0.02],
    ["oucu", 0.02],
    ["   ", 0.05],
    ["ou cuo", 0.02],
    ["oucuoo", 0.02],
  ]],
  ["palindrome_partitioning", {"question": "", "answer": "", "metadata": {"source_dataset": "palindrome_partitioning", "solution": [["w", "t", "i", "t", "w", "p", "p"], ["w", "t", "i", "t", "w", "pp"], ["w", "tit", "w", "p", "p"], ["w", "tit", "w", "pp"], ["wtitw", "p", "p"], ["wtitw", "pp"]]}}, [
    [null, 0],
    ["", 0],
    ["[[\"w\", \"t\", \"i\", \"t\", \"w\", \"p\", \"p\"], [\"w\", \"t\", \"i\", \"t\", \"w\", \"pp\"], [\"w\", \"tit\", \"w\", \"p\", \"p\"], [\"w\", \"tit\", \"w\", \"pp\"], [\"wtitw\", \"p\", \"p\"], [\"wtitw\", \"pp\"]]", 1],
    ["[[\"wtitw\", \"pp\"], [\"wtitw\", \"p\", \"p\"], [\"w\", \"tit\", \"w\", \"pp\"], [\"w\", \"tit\", \"w\", \"p\", \"p\"], [\"w\", \"t\", \"i\", \"t\", \"w\", \"pp\"], [\"w\", \"t\", \"i\", \"t\", \"w\", \"p\", \"p\"]]", 1],
    ["[[\"w\", \"t\", \"i\", \"t\", \"w\", \"p\", \"p\"], [\"w\", \"t\", \"i\", \"t\", \"w\", \"pp\"], [\"w\", \"tit\", \"w\", \"p\", \"p\"], [\"w\", \"tit\", \"w\", \"pp\"], [\"wtitw\", \"p\", \"p\"]]", 0],
    ["[[\"w\", \"t\", \"i\", \"t\", \"w\", \"p\", \"p\"], [\"w\", \"t\", \"i\", \"t\", \"w\", \"pp\"], [\"w\", \"tit\", \"w\", \"p\", \"p\"], [\"w\", \"tit\", \"w\", \"pp\"], [\"wtitw\", \"p\", \"p\"], [\"wtitw\", \"pp\"], [\"w\", \"t\", \"i\", \"t\", \"w\", \"p\", \"p\"]]", 1],
    ["[[\"w\"]]", 0],
    ["not json", 0],
    ["42", 0],
    ["[1, 2]", 0],
    ["[[1]]", 0],
    ["[[[\"w\"]]]", 0],
  ]],
  ["palindrome_partitioning", {"question": "", "answer": "", "metadata": {"source_dataset": "palindrome_partitioning", "solution": [["no", "on"], ["noon"], ["n", "o", "o", "n"]]}}, [
    ["[[\"n\", \"o\", \"o\", \"n\"], [\"no\", \"on\"], [\"noon\"]]", 1],
    ["[[\"n\", \"o\", \"o\", \"n\"], [\"no\", \"on\"]]", 0],
    ["[\"n\", \"o\", \"o\", \"n\"], [\"no\", \"on\"], [\"noon\"]", 0],
    ["[[\"noon\"], [\"no\", \"on\"], [\"n\", \"o\", \"o\", \"n\"]]", 1],
  ]],
  ["palindrome_partitioning", {"question": "", "answer": "", "metadata": {"source_dataset": "palindrome_partitioning", "solution": [["a", "b", "c"]]}}, [
    ["[[\"a\", \"b\", \"c\"]]", 1],
    ["[\"abc\"]", 1],
    ["{\"abc\": 1}", 1],
    ["\"abc\"", 0],
    ["[[\"a\", \"b\", \"c\"], [\"a\", \"b\", \"c\"]]", 1],
    ["[[\"a\", \"bc\"]]", 0],
  ]],
  ["pool_matrix", {"question": "", "answer": "4.5 4.5\n4.75 5.0", "metadata": {"source_dataset": "pool_matrix"}}, [
    [null, 0],
    ["", 0],
    ["4.5 4.5\n4.75 5.0", 1],
    ["4.5 4.5\n4.75 5", 1],
    ["4.5\t4.5\n\n4.75 5.0  ", 1],
    ["4.5 4.5 # row\n4.75 5.0", 1],
    ["4.54 4.46\n4.79 5.04", 1],
    ["4.6 4.5\n4.75 5.0", 0.1],
    ["1 2\n3 4", 0.1],
    ["1 2 3\n4 5 6", 0],
    ["4.5 4.5\n4.75", 0],
    ["4.5, 4.5\n4.75, 5.0", 0],
    ["one two three", 0],
    ["4.5 4.5\n4.75 nan", 0.1],
    ["4.5 4.5\n4.75 inf", 0.1],
    ["4.5 4.5\r\n4.75 5.0", 1],
    ["4.5 4.5\n4.75 5.0\n", 1],
    ["4.5 4.5\n4.75 5.0", 1],
    ["1_0 4.5\n4.75 5.0", 0],
    ["+4.5 .45e1\n4.75 5.", 1],
  ]],
  ["pool_matrix", {"question": "", "answer": "3 4.5", "metadata": {"source_dataset": "pool_matrix"}}, [
    ["3 4.5", 1],
    ["3\n4.5", 1],
    ["3 4.5 0", 0],
    ["3.02 4.54", 1],
    ["3.04 4.5", 0.1],
  ]],
  ["pool_matrix", {"question": "", "answer": "7.0", "metadata": {"source_dataset": "pool_matrix"}}, [
    ["7", 1],
    ["7.0", 1],
    ["[7]", 0],
    ["7 7", 0],
    ["6.99", 1],
  ]],
  ["ransom_note", {"question": "", "answer": "False", "metadata": {"source_dataset": "ransom_note"}}, [
    [null, 0],
    ["", 0],
    ["False", 1],
    ["false", 0],
    ["True", 0],
    ["False.", 0.8333333333333334],
    ["The answer is False", 0.2631578947368421],
    [" False", 0.8333333333333334],
  ]],
  ["rotate_matrix", {"question": "", "answer": "1 6 0 0\n4 7 7 9\n1 7 1 6\n9 7 3 6", "metadata": {"source_dataset": "rotate_matrix"}}, [
    ["1 6 0 0\n4 7 7 9\n1 7 1 6\n9 7 3 6", 1],
    ["1 6 0 0\n4 7 7 9\n1 7 1 6\n9 7 3 6\n", 0.96875],
    ["9 1 4 1\n7 7 7 6\n3 1 7 0\n6 6 9 0", 0],
  ]],
  ["rotten_oranges", {"question": "", "answer": "8", "metadata": {"source_dataset": "rotten_oranges"}}, [
    ["8", 1],
    ["-1", 0],
    ["8 minutes", 0.1111111111111111],
    ["18", 0.5],
  ]],
  ["sentence_reordering", {"question": "", "answer": "You have tried it already?", "metadata": {"source_dataset": "sentence_reordering"}}, [
    [null, 0],
    ["", 0.05],
    ["You have tried it already?", 1],
    ["you have tried it already?", 1],
    ["You have tried already? it", 0.6],
    ["already? tried it have You", 0],
    ["You have tried it", 0.05],
    ["  You   have tried it already?  ", 1],
    ["You have tried it already", 0.8],
  ]],
  ["spell_backward", {"question": "", "answer": "ainomma", "metadata": {"source_dataset": "spell_backward"}}, [
    [null, 0],
    ["", 0],
    ["ainomma", 1],
    ["AINOMMA", 1],
    ["ainomm", 0.857142857142857],
    ["xinomma", 0.857142857142857],
    ["ammonia", 0.42857142857142855],
    ["a", 0.14285714285714285],
  ]],
  ["spell_backward", {"question": "", "answer": "abcdefghij", "metadata": {"source_dataset": "spell_backward"}}, [
    ["ABCDEFGHIJ", 1],
  ]],
  ["spell_backward", {"question": "", "answer": "abc", "metadata": {"source_dataset": "spell_backward"}}, [
    ["abcd", 0.8],
    ["abx", 0.6666666666666666],
  ]],
  ["spiral_matrix", {"question": "", "answer": "4 6 7 3 9 1 9 7 0 6 7 0 7 6 1 1", "metadata": {"source_dataset": "spiral_matrix"}}, [
    [null, 0],
    ["", 0],
    ["4 6 7 3 9 1 9 7 0 6 7 0 7 6 1 1", 1],
    ["  4 6 7 3 9 1 9 7 0 6 7 0 7 6 1 1\n", 1],
    ["[4, 6, 7, 3, 9, 1, 9, 7, 0, 6, 7, 0, 7, 6, 1, 1]", 0.1],
    ["(4, 6, 7, 3, 9, 1, 9, 7, 0, 6, 7, 0, 7, 6, 1, 1)", 0.1],
    ["4, 6, 7, 3, 9, 1, 9, 7, 0, 6, 7, 0, 7, 6, 1, 1", 0.1],
    ["['4', '6', '7', '3', '9', '1', '9', '7', '0', '6', '7', '0', '7', '6', '1', '1']", 0.1],
    ["[4, 6, 7, 3, 9, 1, 9, 7, 0, 6, 7, 0, 7, 6, 1]", 0],
    ["4 6 7 3", 0],
    ["4,6,7,3,9,1,9,7,0,6,7,0,7,6,1,1", 0.1],
    ["[0x4, 6, 7, 3, 9, 1, 9, 7, 0, 6, 7, 0, 7, 6, 1, 1]", 0.1],
    ["[4.0, 6, 7, 3, 9, 1, 9, 7, 0, 6, 7, 0, 7, 6, 1, 1]", 0],
    ["[[4, 6, 7, 3], 9, 1, 9, 7, 0, 6, 7, 0, 7, 6, 1, 1]", 0],
    ["[4, 6, 7, 3, 9, 1, 9, 7, 0, 6, 7, 0, 7, 6, 1, 1] # spiral", 0.1],
    ["'4 6 7 3 9 1 9 7 0 6 7 0 7 6 1 1'", 0],
    ["['4 6 7 3', '9 1 9 7 0 6 7 0 7 6 1 1']", 0.1],
    ["[4, 6, 7, 3, 9, 1, 9, 7, 0, 6, 7, 0, 7, 6, 1, 1,]", 0.1],
    ["[4 6 7 3 9 1 9 7 0 6 7 0 7 6 1 1]", 0],
  ]],
  ["string_insertion", {"question": "", "answer": "AABCDAEEEEEEEBCDEBAAAAA", "metadata": {"source_dataset": "string_insertion"}}, [
    [null, 0],
    ["", 0],
    ["AABCDAEEEEEEEBCDEBAAAAA", 1],
    ["AABCDAEEEEEEEBCDEBAAAA", 0],
    [" AABCDAEEEEEEEBCDEBAAAAA", 0],
    ["['A', 'A', 'B', 'C', 'D', 'A', 'E', 'E', 'E', 'E', 'E', 'E', 'E', 'B', 'C', 'D', 'E', 'B', 'A', 'A', 'A', 'A', 'A']", 0.1],
    ["['AABCDA', 'EEEEEEEBCDEBAAAAA']", 0.1],
    ["('AABCDAEEEEEEEBCDEBAAAAA',)", 0.1],
    ["'AABCDAEEEEEEEBCDEBAAAAA'", 0.1],
    ["['AABCDAEEEEEEEBCDEBAAAAA', 1]", 0],
    ["[\"AABCDAEEEEEEEBCDE\" 'BAAAAA']", 0.1],
    ["AABCDAEEEEEEEBCDEBAAAAA,", 0],
  ]],
  ["string_manipulation", {"question": "", "answer": "cababbbcb", "metadata": {"source_dataset": "string_manipulation"}}, [
    ["cababbbcb", 1],
    ["cababbbc", 0],
    ["'cababbbcb'", 0.8181818181818182],
  ]],
  ["string_splitting", {"question": "", "answer": "0 0 0 3 0 1", "metadata": {"source_dataset": "string_splitting"}}, [
    ["0 0 0 3 0 1", 1],
    ["0 0 0 3 0 2", 0],
    ["0 0 0 3 0 1 ", 0.9166666666666666],
  ]],
  ["string_synthesis", {"question": "", "answer": "0 3 0 0 0 1 0 0 0", "metadata": {"source_dataset": "string_synthesis"}}, [
    ["0 3 0 0 0 1 0 0 0", 1],
    ["0 3 0 0 0 1 0 0", 0],
    ["[0 3 0 0 0 1 0 0 0]", 0.8947368421052632],
  ]],
  ["word_ladder", {"question": "", "answer": "COLD,CORD,CARD,WARD,WARM", "metadata": {"source_dataset": "word_ladder", "start_word": "COLD", "end_word": "WARM", "word_length": 4}}, [
    [null, 0],
    ["", 0],
    ["COLD,CORD,CARD,WARD,WARM", 1],
    ["cold,cord,card,ward,warm", 1],
    [" COLD , CORD,CARD ,WARD, WARM ", 1],
    ["COLD", 0],
    ["BOLD,CORD,CARD,WARD,WARM", 0],
    ["COLD,CORD,CARD,WARD,WARP", 0],
    ["COLD,CORDS,CARDS,WARD,WARM", 0],
    ["COLD,WARD,WARM", 0],
    ["COLD,COXD,CORD,CARD,WARD,WARM", 0.5],
    ["COLD,COXD,CXXD,CORD,CARD,WARD,WARM", 0],
    ["COLD,COLD,CORD,CARD,WARD,WARM", 0],
    ["COLD,CORD,CORD,CARD,WARD,WARM", 0],
    ["COLD,CORD,COLD,CORD,CARD,WARD,WARM", 1],
    ["COLD CORD CARD WARD WARM", 0],
    ["COLD,,WARM", 0],
    ["COLD;CORD;CARD;WARD;WARM", 0],
  ]],
  ["word_sequence_reversal", {"question": "", "answer": "Foundation, acute, go, hundred", "metadata": {"source_dataset": "word_sequence_reversal"}}, [
    ["Foundation, acute, go, hundred", 1],
    ["Foundation,acute,go,hundred", 0],
    ["hundred, go, acute, Foundation", 0],
    ["x Foundation, acute, go, hundred", 0.9375],
  ]],
  ["word_sorting", {"question": "", "answer": "thought, sentence, federal, ambassador, Only", "metadata": {"source_dataset": "word_sorting", "direction": "descending", "sorted_words": ["thought", "sentence", "federal", "ambassador", "Only"]}}, [
    [null, 0],
    ["", 0],
    ["thought, sentence, federal, ambassador, Only", 1],
    ["thought,sentence,   federal,ambassador,Only", 1],
    ["Only, ambassador, federal, sentence, thought", 0.2],
    ["thought, sentence, federal, Only, ambassador", 0.6],
    ["thought, sentence, federal", 0.6],
    [" thought , sentence,\tfederal,\nambassador, Only ", 1],
    ["thought sentence federal ambassador Only", 0],
    ["gibberish", 0],
  ]],
  ["word_sorting", {"question": "", "answer": "apple, banana, cherry", "metadata": {"source_dataset": "word_sorting", "direction": "ascending", "sorted_words": ["apple", "banana", "cherry"]}}, [
    ["apple, banana, cherry", 1],
    ["apple,banana,        cherry", 1],
    ["banana, cherry, apple", 0.2],
    ["gibberish", 0],
    ["apple, cherry, banana", 0.3333333333333333],
  ]],
];

describe("the group's families", () => {
  test("all 17, each in the algorithmic category with its scorer kind", () => {
    expect(SECOND_HALF.map((f) => `${f.name}:${f.scorer}`)).toEqual([
      "number_sorting:own",
      "palindrome_generation:validity",
      "palindrome_partitioning:own",
      "pool_matrix:own",
      "ransom_note:default",
      "rotate_matrix:default",
      "rotten_oranges:default",
      "sentence_reordering:own",
      "spell_backward:own",
      "spiral_matrix:own",
      "string_insertion:own",
      "string_manipulation:default",
      "string_splitting:default",
      "string_synthesis:default",
      "word_ladder:validity",
      "word_sequence_reversal:default",
      "word_sorting:own",
    ]);
    expect(SECOND_HALF.every((f) => f.category === "algorithmic")).toBe(true);
  });
});

for (const [name, pinnedEntry, cases] of PINNED) {
  describe(`${name}: the library's scores`, () => {
    test.each(cases.map(([answer, expected]) => [JSON.stringify(answer).slice(0, 70), answer, expected] as const))("%s", (_label, answer, expected) => {
      expect(score(name, answer, pinnedEntry)).toBe(expected);
    });
  });
}

describe("number_sorting", () => {
  const ascending = entry("number_sorting", "['-97.8', '-95.7', '-92.8', '-83.6', '-16.5', '61.5', '71.1']", { direction: "ascending" });
  test("the library's own descending case", () => {
    const descending = entry("number_sorting", "['71.1', '61.5', '-16.5', '-83.6', '-92.8', '-95.7', '-97.8']", { direction: "descending" });
    expect(score("number_sorting", "['71.08', '61.5', '-16.5', '-83.6', '-92.85', '-95.7', '-97.8']", descending)).toBe(1);
  });
  test("deviation: NaN items score 0 (the library gives such a list 1.0)", () => {
    expect(score("number_sorting", "['nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan']", ascending)).toBe(0);
    expect(score("number_sorting", "[NaN, NaN, NaN, NaN, NaN, NaN, NaN]", ascending)).toBe(0);
    expect(score("number_sorting", "[-97.8, -95.7, -92.8, -83.6, -16.5, 61.5, NaN]", ascending)).toBe(0);
  });
  test("hostile answers stay fast", async () => {
    for (const text of ["[" + "1, ".repeat(170_000) + "1]", "['" + "9".repeat(500_000) + "']", "[".repeat(500_000), " ".repeat(500_000) + "x"]) {
      expect(await elapsed(() => expect(score("number_sorting", text, ascending)).toBe(0))).toBeLessThan(2000);
    }
  });
});

describe("palindrome_generation", () => {
  test("any palindrome of the letters is valid; a long hostile answer stays fast", async () => {
    const task = entry("palindrome_generation", "abba", { letters: ["a", "b", "b", "a"] });
    expect(score("palindrome_generation", "baab", task)).toBe(1);
    expect(score("palindrome_generation", "abab", task)).toBe(0.02);
    expect(await elapsed(() => expect(score("palindrome_generation", "a".repeat(500_000), task)).toBe(0.05))).toBeLessThan(2000);
  });
});

describe("palindrome_partitioning: hostile answers", () => {
  test("deep nesting and long lists score 0, quickly", async () => {
    const task = entry("palindrome_partitioning", null, { solution: [["a"]] });
    for (const text of ["[".repeat(500_000), "[" + '["a"], '.repeat(70_000) + '["b"]]', "[" + '"a",'.repeat(100_000) + "1]"]) {
      expect(await elapsed(() => expect(score("palindrome_partitioning", text, task)).toBe(0))).toBeLessThan(2000);
    }
  });
});

describe("pool_matrix: hostile answers", () => {
  test("a 500 KB matrix or garbage scores 0, quickly", async () => {
    const task = entry("pool_matrix", "4.5 4.5\n4.75 5.0");
    for (const text of ["1 ".repeat(250_000), "1\n".repeat(250_000), "#".repeat(500_000), "9".repeat(500_000), "9".repeat(500_000) + "x", "1.".repeat(250_000)]) {
      expect(await elapsed(() => expect(score("pool_matrix", text, task)).toBe(0))).toBeLessThan(2000);
    }
  });
});

describe("spiral_matrix and string_insertion: Python literals", () => {
  const spiral = entry("spiral_matrix", "1 2 3 6 9 8 7 4 5");
  test("the library's own cases", () => {
    expect(score("spiral_matrix", "\n\n1 2 3 6 9 8 7 4 5\n", spiral)).toBe(1);
    expect(score("spiral_matrix", "[1, 2, 3, 6, 9, 8, 7, 4, 5]", spiral)).toBe(0.1);
    expect(score("spiral_matrix", "1 2 3", spiral)).toBe(0);
    expect(score("spiral_matrix", null, spiral)).toBe(0);
  });
  test("deviation: code is never run, only literals read", () => {
    expect(score("spiral_matrix", "list(range(1, 4))", entry("spiral_matrix", "1 2 3"))).toBe(0);
    expect(score("string_insertion", "list('ABCD')", entry("string_insertion", "ABCD"))).toBe(0);
  });
  test("hostile answers stay fast", async () => {
    for (const text of ["[".repeat(500_000), "(".repeat(500_000), "[" + "1, ".repeat(170_000) + "1]", "'" + "\\x".repeat(250_000), "0x" + "f".repeat(500_000), '"""' + "a".repeat(500_000)]) {
      expect(await elapsed(() => expect(score("spiral_matrix", text, spiral)).toBe(0))).toBeLessThan(2000);
      expect(await elapsed(() => expect(score("string_insertion", text, entry("string_insertion", "ABCD"))).toBe(0))).toBeLessThan(2000);
    }
  });
});

describe("sentence_reordering, spell_backward, word_sorting: hostile answers", () => {
  test("500 KB answers stay fast", async () => {
    const words = "word ".repeat(100_000);
    expect(await elapsed(() => expect(score("sentence_reordering", words, entry("sentence_reordering", "a word"))).toBe(0.05))).toBeLessThan(2000);
    expect(await elapsed(() => expect(score("spell_backward", "a".repeat(500_000), entry("spell_backward", "ab"))).toBe(0.5))).toBeLessThan(2000);
    const task = entry("word_sorting", "a, b", { sorted_words: ["a", "b"] });
    for (const text of [",".repeat(500_000), ", ".repeat(250_000) + "x", " ".repeat(500_000)]) {
      expect(await elapsed(() => expect(score("word_sorting", text, task)).toBe(0))).toBeLessThan(2000);
    }
  });
});

describe("spell_backward: deviation", () => {
  test("a longer answer starting with the reversed word scores 0.8 at every length (the library: 0.9999999999999998 here)", () => {
    expect(score("spell_backward", "ainommax", entry("spell_backward", "ainomma"))).toBe(0.8);
    expect(score("spell_backward", "abcdefghijk", entry("spell_backward", "abcdefghij"))).toBe(0.8);
    expect(score("spell_backward", "abcd", entry("spell_backward", "abc"))).toBe(0.8);
  });
});

describe("word_sorting: deviation", () => {
  test("words after the sorted list cost their share (the library gives these 1.0)", () => {
    const task = entry("word_sorting", "apple, banana, cherry", { sorted_words: ["apple", "banana", "cherry"] });
    expect(score("word_sorting", "apple, banana, cherry, apple", task)).toBe(0.75);
    expect(score("word_sorting", "apple, banana, cherry, durian, elder, fig", task)).toBe(0.5);
  });
});

describe("word_ladder", () => {
  test("deviation: 3- and 5-letter ladders are checked against their word lists (the library scores them 0)", () => {
    const three = entry("word_ladder", "CAT,COT,DOT,DOG", { start_word: "CAT", end_word: "DOG", word_length: 3 });
    expect(score("word_ladder", "CAT,COT,DOT,DOG", three)).toBe(1);
    expect(score("word_ladder", "CAT,CXT,COT,DOT,DOG", three)).toBe(0.5);
    expect(score("word_ladder", "CAT,DOT,DOG", three)).toBe(0);
    const five = entry("word_ladder", "STONE,STORE,STARE,SHARE", { start_word: "STONE", end_word: "SHARE", word_length: 5 });
    expect(score("word_ladder", "stone,shone,shore,share", five)).toBe(1);
    expect(score("word_ladder", "STONE,STORE,STARE,SHARE", five)).toBe(1);
  });
  test("a ladder of words outside 3 to 5 letters has no word list: 0", () => {
    expect(score("word_ladder", "ABCDEF,ABCDEG", entry("word_ladder", null, { start_word: "ABCDEF", end_word: "ABCDEG" }))).toBe(0);
  });
  test("hostile answers stay fast", async () => {
    const task = entry("word_ladder", null, { start_word: "COLD", end_word: "WARM" });
    for (const text of ["COLD," + "CORD,COLD,".repeat(50_000) + "CORD,CARD,WARD,WARM", ",".repeat(500_000), "X".repeat(500_000)]) {
      expect(await elapsed(() => score("word_ladder", text, task))).toBeLessThan(2000);
    }
    expect(score("word_ladder", "COLD," + "CORD,COLD,".repeat(50_000) + "CORD,CARD,WARD,WARM", task)).toBe(1);
  });
});

// Per family with a generator: a harder config (from the library's curriculum levels), and invalid
// configs with the field the error must name.
const GENERATED: Record<string, { harder: Record<string, unknown>; invalid: [Record<string, unknown>, string][] }> = {
  number_sorting: {
    harder: { min_numbers: 100, max_numbers: 500, min_decimals: 3, max_decimals: 7, min_value: -10000, max_value: 10000 },
    invalid: [[{ min_numbers: 0 }, "min_numbers"], [{ min_value: 5, max_value: 5 }, "max_value"], [{ max_decimals: "2" }, "max_decimals"]],
  },
  palindrome_generation: { harder: { min_length: 50, max_length: 500 }, invalid: [[{ min_length: 0 }, "min_length"], [{ min_length: 9, max_length: 3 }, "max_length"]] },
  palindrome_partitioning: {
    harder: { min_string_len: 10, max_string_len: 15, min_substring_palindrome_len: 5, max_substring_palindrome_len: 7 },
    invalid: [[{ min_string_len: 3, max_string_len: 4 }, "max_substring_palindrome_len"], [{ max_string_len: 40 }, "max_string_len"]],
  },
  pool_matrix: { harder: { min_rows: 25, max_rows: 50, min_cols: 25, max_cols: 50, min_pool_size: 5, max_pool_size: 9 }, invalid: [[{ min_rows: 1 }, "min_rows"], [{ min_pool_size: 0 }, "min_pool_size"]] },
  ransom_note: {
    harder: { min_note_length: 50, max_note_length: 100, min_magazine_length: 100, max_magazine_length: 500 },
    invalid: [[{ max_note_length: 30 }, "max_note_length"], [{ p_solvable: 2 }, "p_solvable"], [{ min_magazine_length: 1 }, "min_magazine_length"]],
  },
  rotate_matrix: { harder: { min_n: 25, max_n: 50, min_rotations: 5, max_rotations: 20 }, invalid: [[{ min_n: 1 }, "min_n"], [{ min_rotations: -1 }, "min_rotations"]] },
  rotten_oranges: { harder: { min_n: 50, max_n: 100 }, invalid: [[{ p_oranges: 0 }, "p_oranges"], [{ p_rotten: 1.5 }, "p_rotten"], [{ min_n: 1 }, "min_n"]] },
  spell_backward: { harder: { min_word_len: 7, max_word_len: 11 }, invalid: [[{ min_word_len: 20, max_word_len: 30 }, "min_word_len"], [{ min_word_len: 0 }, "min_word_len"]] },
  spiral_matrix: { harder: { min_n: 25, max_n: 50 }, invalid: [[{ max_n: 1 }, "max_n"]] },
  string_insertion: { harder: { min_string_length: 100, max_string_length: 500 }, invalid: [[{ min_string_length: 4 }, "min_string_length"]] },
  string_manipulation: {
    harder: { min_string_length: 50, max_string_length: 100, min_num_rules: 10, max_num_rules: 20 },
    invalid: [[{ max_num_rules: 21 }, "max_num_rules"], [{ min_num_rules: 2 }, "min_num_rules"]],
  },
  string_splitting: { harder: { min_initial_machines: 100, max_initial_machines: 500 }, invalid: [[{ max_iterations: 0 }, "max_iterations"], [{ min_initial_machines: -1 }, "min_initial_machines"]] },
  string_synthesis: { harder: { min_initial_blocks: 100, max_initial_blocks: 500, max_iterations: 50 }, invalid: [[{ min_initial_blocks: -1 }, "min_initial_blocks"]] },
  word_ladder: {
    harder: { min_word_length: 3, max_word_length: 5, min_chain_length: 5, max_chain_length: 8 },
    invalid: [[{ max_word_length: 6 }, "max_word_length"], [{ min_chain_length: 3 }, "max_chain_length"], [{ min_chain_length: 2, max_chain_length: 5 }, "min_chain_length"]],
  },
  word_sequence_reversal: { harder: { min_words: 50, max_words: 100 }, invalid: [[{ min_words: 0 }, "min_words"]] },
  word_sorting: {
    harder: { min_words: 50, max_words: 100, min_word_length: 3, max_word_length: 10, transformation: "randomcase" },
    invalid: [[{ transformation: "titlecase" }, "transformation"], [{ min_words: 400, max_words: 400, min_word_length: 10 }, "max_word_length"]],
  },
};

describe("generators", () => {
  test("16 of the 17 families generate (sentence_reordering needs a corpus of real sentences we do not ship)", () => {
    expect(SECOND_HALF.filter((f) => f.generate).map((f) => f.name)).toEqual(Object.keys(GENERATED));
  });
});

for (const [name, { harder, invalid }] of Object.entries(GENERATED)) {
  describe(`${name}: generator`, () => {
    const generate = (seed: number, index: number, config: Record<string, unknown> = {}) => family(name).generate!(new Rng(seed, index), config, index);
    test("the same (seed, index, config) gives the same task; another index another task", () => {
      expect(generate(11, 4)).toEqual(generate(11, 4));
      expect(generate(11, 4, harder)).toEqual(generate(11, 4, harder));
      expect(generate(11, 5).question).not.toBe(generate(11, 4).question);
    });
    test("tasks have the library's row shape, and their answers score 1.0 (default and harder configs)", () => {
      for (const config of [{}, harder]) {
        for (let index = 0; index < 20; index++) {
          const task = generate(3, index, config);
          expect(task.metadata.source_dataset).toBe(name);
          expect(task.metadata.source_index).toBe(index);
          expect(task.metadata.difficulty).toBeTypeOf("object");
          expect(task.question.length).toBeGreaterThan(0);
          expect(family(name).score(task.answer!, task)).toBe(1);
          expect(score(name, `${task.answer} 0`, task)).toBeLessThan(1);
          expect(score(name, "", task)).toBeLessThan(1);
        }
      }
    });
    test.each(invalid.map(([config, field]) => [field, JSON.stringify(config), config] as const))("an invalid %s (%s) is an error naming it", (field, _text, config) => {
      expect(() => generate(1, 0, config)).toThrow(field);
    });
  });
}

describe("generated tasks: details", () => {
  const generate = (name: string, index: number, config: Record<string, unknown> = {}) => family(name).generate!(new Rng(21, index), config, index);
  test("number_sorting: the other direction scores 0", () => {
    const task = generate("number_sorting", 2, { min_numbers: 5 });
    const reversed = `[${[...(task.metadata.sorted_numbers as string[])].reverse().map((n) => `'${n}'`).join(", ")}]`;
    expect(score("number_sorting", reversed, task)).toBe(0);
  });
  test("word_ladder: another valid ladder scores 1.0; a broken step 0", () => {
    const task = generate("word_ladder", 0);
    const path = task.answer!.split(",");
    expect(score("word_ladder", [path[0], ...path].join(","), task)).toBe(0);
    expect(score("word_ladder", [path[0], path[1], path[0], ...path.slice(1)].join(","), task)).toBe(1);
  });
  test("palindrome_generation: the stored letters, and any palindrome of them, are valid", () => {
    const task = generate("palindrome_generation", 1, { min_length: 6, max_length: 6 });
    const letters = task.metadata.letters as string[];
    expect([...task.answer!].sort()).toEqual([...letters].sort());
    const half = [...task.answer!.slice(0, 3)].reverse().join("");
    expect(score("palindrome_generation", half + [...half].reverse().join(""), task)).toBe(1);
  });
  test("string_splitting and string_synthesis stop at max_iterations", () => {
    const task = generate("string_splitting", 0, { min_initial_machines: 400, max_initial_machines: 500, max_iterations: 7 });
    expect((task.metadata.states as unknown[]).length).toBe(8);
    expect(task.question).toContain("after 7 applications");
  });
  test("pool_matrix: average pooling rounds to 2 decimals as Python prints floats", () => {
    const tasks = Array.from({ length: 30 }, (_, i) => generate("pool_matrix", i)).filter((t) => t.metadata.pool_type === "average" && t.metadata.pool_size !== 1);
    expect(tasks.length).toBeGreaterThan(0);
    for (const task of tasks) expect(task.answer).toMatch(/^-?\d+\.\d{1,2}( -?\d+\.\d{1,2})*(\n-?\d+\.\d{1,2}( -?\d+\.\d{1,2})*)*$/);
  });
});
