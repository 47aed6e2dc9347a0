import { describe } from "vitest";
import { SENTENCE } from "../../../../workers/resources/ifbench/checks/sentence.ts";
import { splitIntoSentences } from "../../../../workers/resources/ifbench/text/split_sentences.ts";
import { expect, test } from "vitest";
import { runCases, hostileTest, type Case } from "./cases.ts";

const CASES: Case[] = [
  ["sentence:alliteration_increment", {}, ["No alliteration. Some semblance of alliteration. Alliterating across alphabet is interesting.", "Big bad. Silly snakes slither."], ["No alliteration. Some semblance of alliteration. Alliterating across alphabet is interesting. But not here.", "Big bad. Red rose."], "a run of n words scores n, and each sentence must score more"],
  ["sentence:keyword", { word: "it", N: 5 }, ["I am it. It is me. I am not it. It is not me. I am not it."], ["I am not it. It is not me.", "A. B. C. D. Nothing here."], "case-insensitive substring of the N-th sentence"],
  ["sentence:keyword", { word: "end", N: 0 }, ["Start here. The END."], ["The end. Start here."], "N = 0 is the last sentence (IFBench indexes with int(N - 1))"],
  ["sentence:increment", { small_n: 2 }, ["This has three. This sentence has 5 words. This sentence will have two more words."], ["This has three. This sentence now has 6 words. This sentence has three more words, total is nine."], "words after deleting punctuation"],
  ["sentence:increment", { small_n: 3 }, ["This has three. This sentence now has 6 words. This sentence has three more words, total is nine.", "Just one sentence"], ["This has three. This sentence has 5 words."], "one sentence passes"],
];

describe("ifbench sentence:* checks", () => {
  runCases(SENTENCE, CASES);
  hostileTest(SENTENCE, { "sentence:keyword": { word: "a", N: 3 }, "sentence:increment": { small_n: 1 } });
});

describe("IFBench's sentence splitter", () => {
  test.each([
    ["Mr. Smith went to Washington. He arrived at 3.30 p.m. today!", ["Mr. Smith went to Washington.", "He arrived at 3.30 p.m. today!"]],
    ["Visit example.com now. It is open... Or not?! Yes.", ["Visit example.com now.", "It is open...", "Or not?", "!", "Yes."]],
    ['He said "stop." Then he left', ['He said "stop".', "Then he left"]],
    ["Acme Inc. However we grew. J. R. R. Tolkien wrote.", ["Acme Inc", "However we grew.", "J. R. R. Tolkien wrote."]],
    ["Line one\nline two. Ph.D. work. U.S. He won.", ["Line one line two.", "Ph.D. work.", "U.S.", "He won."]],
  ])("%j", (text, expected) => {
    expect(splitIntoSentences(text)).toEqual(expected);
  });
});
