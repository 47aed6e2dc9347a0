// IFBench's `format:*` checks, unit by unit. The answers are picked where a plain reading of the
// instruction, or a port that skips IFBench's quirks, would get a different verdict.
// Each verdict is the one IFBench's library (its pinned commit) gives the same answer.
import { describe, expect, test } from "vitest";
import { FORMAT } from "../../../../workers/resources/ifbench/checks/format.ts";
import { hostileTest, refusedAt, verdictTests } from "./cases.ts";
import type { Verdict } from "./cases.ts";

const CASES: Verdict[] = [
  ["format:parentheses", {}, "Outer (a [b {c (d (e) d) c} b] a).", "five levels of mixed brackets", true],
  ["format:parentheses", {}, "((((x))))", "four levels", false],
  ["format:parentheses", {}, "((((( deep ) and never closed", "one closing bracket after five levels is enough", true],
  ["format:parentheses", {}, "((((( x ] )))))", "a mismatched closer starts the count over", false],
  ["format:parentheses", {}, "] ((((( x )))))", "a stray closer before the group does not matter", true],
  ["format:quotes", {}, `He said "she said 'they said "go" loudly' twice" once.`, "three levels", true],
  ["format:quotes", {}, `"one" and "two"`, "one level twice", false],
  ["format:quotes", {}, `It's "Tom's 'best' day"`, "apostrophes count as quote marks", false],
  ["format:options", { options: "yes/no/maybe" }, "Yes.", "case and punctuation are ignored for word options", true],
  ["format:options", { options: "yes/no/maybe" }, "yes\n", "but a line break is not stripped", false],
  ["format:options", { options: "yes/no/maybe" }, "My answer is yes.", "an explanation fails", false],
  ["format:options", { options: "a), b), c), d)" }, "a)", "letter options must match exactly", true],
  ["format:options", { options: "a), b), c), d)" }, "A)", "letter options are case-sensitive", false],
  ["format:options", { options: "I know or I don't know" }, "i don't know!", "split at 'or'", true],
  ["format:options", { options: "for, against" }, "for", "'or' inside 'for' is taken as the separator", false],
  ["format:newline", {}, "one\ntwo\nthree", "a word a line", true],
  ["format:newline", {}, "one two\nthree", "two words on a line", false],
  ["format:newline", {}, "one\n\ntwo", "empty lines are dropped", true],
  ["format:newline", {}, "one\n \ntwo", "a line of spaces is a line", false],
  ["format:newline", {}, "well-known\nword", "punctuation goes before counting", true],
  ["format:emoji", {}, "Hello 😀. World ❤️.", "an emoji before the period; a heart with its variation selector", true],
  ["format:emoji", {}, "Hello. 😀 World 😀", "the next sentence may start with the emoji", true],
  ["format:emoji", {}, "Hello 😀. World.", "the last sentence lacks one", false],
  ["format:emoji", {}, "Great job 👍🏽!", "a skin-tone modifier is an emoji", true],
  ["format:emoji", {}, "We won 🇺🇸.", "a flag ends in a regional indicator, which is not", false],
  ["format:emoji", {}, "Call me at 5.", "a digit is not an emoji", false],
  ["format:line_indent", {}, "a\n b\n  c", "stairs", true],
  ["format:line_indent", {}, "a\n b\n b", "flat step", false],
  ["format:line_indent", {}, "a\n\n b", "a blank line is removed", true],
  ["format:line_indent", {}, "a\n\n\n b", "the blank line after a removed one is skipped and stays", false],
  ["format:line_indent", {}, "a\n\n\n b\n\n  c", "removal takes the first equal line, an earlier skipped one", false],
  ["format:line_indent", {}, "a\n\t b", "only spaces indent", false],
  ["format:quote_unquote", {}, `"Carpe diem" means seize the day.`, "explained", true],
  ["format:quote_unquote", {}, `"Carpe" "diem"`, "two quotes in a row once spaces are gone", false],
  ["format:quote_unquote", {}, `He said "hi".`, "ends with a quote under its period", false],
  ["format:quote_unquote", {}, `The character '"' is a quote mark.`, "a quoted quote character is ignored", true],
  ["format:quote_unquote", {}, `“Hi” means hello`, "curly quotes", true],
  ["format:quote_unquote", {}, "...", "nothing left once punctuation is stripped", false],
  ["format:list", { sep: "!?!?" }, "!?!?!?", "occurrences do not overlap", false],
  ["format:list", { sep: "!?!?" }, "!?!? a !?!? b", "two markers", true],
  ["format:list", { sep: "-" }, "a well-known co-op", "anywhere, not only at line starts", true],
  ["format:thesis", {}, "<i>Thesis</i> body", "italic thesis then text", true],
  ["format:thesis", {}, "<i>Thesis</i>", "nothing after it", false],
  ["format:thesis", {}, "<em>T</em>", "the 4-character cut leaves the '>' of </em> as text", true],
  ["format:thesis", {}, "<i> </i> body", "a blank thesis", false],
  ["format:sub-bullets", {}, "* a\n - b\n* c\n - d", "a dash under each star", true],
  ["format:sub-bullets", {}, "* a\n* b\n - c", "the first bullet has none", false],
  ["format:sub-bullets", {}, "No bullets at all.", "no star passes", true],
  ["format:sub-bullets", {}, "**Bold** - x", "a bold marker is two stars", false],
  ["format:no_bullets_bullets", {}, "One. Two.\n* a\n* b", "two sentences, two bullets", true],
  ["format:no_bullets_bullets", {}, "One.\n* a\n* b", "one sentence", false],
  ["format:no_bullets_bullets", {}, "One. Two.\n\n* a\n* b", "a blank line before the bullets", true],
  ["format:no_bullets_bullets", {}, "One. Two.\n\nThree.\n* a\n* b", "text after a blank line", false],
  ["format:no_bullets_bullets", {}, "One. Two.\n* a\n* b\n", "a trailing line break is a non-bullet line", false],
  ["format:title_case", {}, "The Quick Brown Fox", "title case", true],
  ["format:title_case", {}, "A Tale of Two Cities", "a lower-case minor word fails", false],
  ["format:title_case", {}, "a Tale", "a one-letter word passes", true],
  ["format:title_case", {}, "iPhone Sales Rise", "lower-case first letter with a mixed rest passes", true],
  ["format:title_case", {}, "Don't Stop", "n't is a token", false],
  ["format:title_case", {}, "O’neil Wins", "a curly apostrophe is a token of its own", false],
  ["format:title_case", {}, "The Cat’s Hat, 2024!", "punctuation and numbers pass", true],
  ["format:title_case", {}, "We Are Gonna Win", "NLTK splits gonna into gon + na", false],
  ["format:title_case", {}, "Rock 'em Sock 'em", "an opening apostrophe stays on its word", true],
  ["format:title_case", {}, "Big News:today", "a colon is a token of its own", false],
  ["format:title_case", {}, "Salt+pepper -style Dishes", "a plus inside a word, a hyphen opening one, stay in the token", true],
  ["format:output_template", {}, "My Answer: yes My Conclusion: so Future Outlook: bright", "all three labels", true],
  ["format:output_template", {}, "my answer: yes My Conclusion: so Future Outlook: bright", "labels are case-sensitive", false],
  ["format:no_whitespace", {}, "no_space_here", "none", true],
  ["format:no_whitespace", {}, "a\u00a0b", "a no-break space", false],
  ["format:no_whitespace", {}, "a\u001cb", "Python counts \\x1c as whitespace", false],
  ["format:no_whitespace", {}, "a\ufeffb", "Python does not count a byte-order mark", true],
];

describe("format:*", () => {
  verdictTests(FORMAT, CASES);

  test("arguments IFBench would draw at random are required", () => {
    expect(refusedAt(FORMAT, "format:options", {})).toEqual(["options"]);
    expect(refusedAt(FORMAT, "format:options", { options: "  " })).toEqual(["options"]);
    expect(refusedAt(FORMAT, "format:list", {})).toEqual(["sep"]);
    expect(refusedAt(FORMAT, "format:list", { sep: "" })).toEqual(["sep"]);
    expect(refusedAt(FORMAT, "format:list", { sep: 3 })).toEqual(["sep"]);
  });

  test("instructions without arguments refuse one", () => {
    expect(refusedAt(FORMAT, "format:parentheses", { N: 3 })).toEqual([]);
    expect(refusedAt(FORMAT, "format:parentheses", {})).toBeUndefined();
  });

  hostileTest(FORMAT, { "format:options": { options: "yes/no/maybe" }, "format:list": { sep: "!?!?" } });
});
