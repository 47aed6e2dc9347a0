import { describe, expect, test } from "vitest";
import { WORDS } from "../../../../workers/resources/ifbench/checks/words.ts";
import { wordTokenize } from "../../../../workers/resources/ifbench/text/word_tokenize.ts";
import { runCases, hostileTest, type Case } from "./cases.ts";

const CASES: Case[] = [
  ["words:alphabet", {}, ["Be cause dandelions eat freedom.", "Zooming around back.", "A big cat. Dogs eat food. . . Good", "x-ray yaks"], ["Your zoo is very xeric.", "Great finds enter dark caves.", "1 2 3", "..."], "punctuation deleted first; z wraps to a; a digit first fails"],
  ["words:vowel", {}, ["With I this is in.", "the eel eek eked out.", "  tall trees  \n"], ["the eel eek eked.\nyeah.", "a e i o u"], "one line after stripping; at most three of aeiou"],
  ["words:consonants", {}, ["This employs consonant clusters.", "Strength, rhythm!"], ["This does not.", "a", "Kept, so."], "each whitespace word needs two ASCII consonants together"],
  ["words:palindrome", {}, ["Racecar, radar, and level are palindromes. So are madam and civic. Three more include refer, tenet, and deified. The last two are repaper and reviver.", "abcba ".repeat(10)], ["Short ones: Ada, Eve, Bob, Nan, Otto, Ava, Pip, Elle, Ivi, Ana, Asa.", "racecar ".repeat(9)], "ten words of five or more letters, repeats count"],
  ["words:prime_lengths", {}, ["It is the new day.", "Go, go, go!"], ["A cat.", "This is fine"], "lengths after deleting punctuation; a is 1 letter, not prime"],
  ["words:start_verb", {}, ["Does this sentence start with a verb?", "Identify the main causes.", "Writing helps."], ["This sentence does not start with a verb.", "Understand Galois theory.", "Can you?", "Blorf the thing."], "a verb form first, not a modal, not before a capitalised name, not an unknown word"],
  ["words:repeats", { small_n: 2 }, ["This is one. This is two.", "Go, go; stop."], ["This is one. This is two. This is three.", "go Go GO!"], "lower-cased, punctuation deleted"],
  ["words:odd_even_syllables", {}, ["Children have little to regret. They enjoy the sunshine.", "Chil-dren have lit'tle to regret."], ["Children have little to regret. They enjoy the sunshine. But not the rain.", "cat dog"], "syllapy's listed counts and its vowel-group rule"],
  ["words:last_first", {}, ["This feels unnatural. Unnatural is this test.", "This must also work.\n\nWork across paragraphs.", "One sentence."], ["This is not a success. This is a failure.", "Hi. ! Hi."], "a sentence of punctuation alone fails"],
  ["words:paragraph_last_first", {}, ["This paragraph started with this.\n\nAnother paragraph starts with another.", "Home sweet home!\n...\n"], ["This paragraph started with this. Another paragraph starts with another.", "Home, sweet home"], "lines; only the line's outer punctuation is trimmed"],
  ["words:no_consecutive", {}, ["This words, though. ", "A cat - a dog"], ["This shouldn't succeed.", "Big 'bad' wolf"], "punctuation deleted first, so 'bad' starts with b"],
  ["words:keywords_specific_position", { keyword: "blue", n: 2, m: 3 }, ["Hello there. The sky blue today.", "Hi. Is the blue one yours?"], ["Hello there. The blue sky.", "The sky blue. Hi.", "Hello there. The sky Blue today."], "the m-th token of the n-th sentence, case-sensitive"],
  ["words:words_position", { keyword: "tea" }, ["I tea you tea.", "A tea , tea !", '"tea" and tea.', "Mr. tea and tea."], ["I Tea you tea.", "tea", "I tea", "I tea you tea. Bye.", "I tea you tea!!"], "NLTK tokens: quotes become ``, a final period and each ! are tokens of their own"],
];

describe("ifbench words:* checks", () => {
  runCases(WORDS, CASES);
  hostileTest(WORDS, { "words:repeats": { small_n: 2 }, "words:keywords_specific_position": { keyword: "a", n: 2, m: 1 }, "words:words_position": { keyword: "a" } });
});

describe("NLTK's word_tokenize", () => {
  test.each([
    // NLTK's own documented example.
    ["Good muffins cost $3.88 (roughly 3,36 euros)\nin New York.  Please buy me\ntwo of them.\nThanks.", ["Good", "muffins", "cost", "$", "3.88", "(", "roughly", "3,36", "euros", ")", "in", "New", "York", ".", "Please", "buy", "me", "two", "of", "them", ".", "Thanks", "."]],
    ['"Hello," she said. They\'ll go, can\'t they?', ["``", "Hello", ",", "''", "she", "said", ".", "They", "'ll", "go", ",", "ca", "n't", "they", "?"]],
    ["I'm a U.S. citizen -- cannot wait...", ["I", "'m", "a", "U.S.", "citizen", "--", "can", "not", "wait", "..."]],
  ])("%j", (text, expected) => {
    expect(wordTokenize(text)).toEqual(expected);
  });
});
