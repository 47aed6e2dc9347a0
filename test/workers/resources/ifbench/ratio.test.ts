import { describe } from "vitest";
import { RATIO } from "../../../../workers/resources/ifbench/checks/ratio.ts";
import { runCases, hostileTest, type Case } from "./cases.ts";

const CASES: Case[] = [
  ["ratio:stop_words", { percentage: 50 }, ["This message has a high stop word ratio.", "Cats sleep."], ["It is what it is.", "...", ""], "\\w+ words; no words fails (IFBench divides by zero)"],
  ["ratio:stop_words", { percentage: 0 }, ["Cats sleep. Dogs bark."], ["Cats don't sleep."], "don't is don + t, both stop words"],
  ["ratio:sentence_type", {}, ["This is a statement. Is this a question? I am not sure.", "No ending at all", "Dr. Smith is here. Mr. Jones too. Why?"], ["One. Two?", "Wow! Yes? Fine."], "titles do not end sentences; none of either passes"],
  ["ratio:sentence_balance", {}, ["A statement. A question? An exclamation!", "A. B? C! D.", "no sentence end"], ["Cat. Bat? Rat! Dog.", "Why?! Because. Yes!"], "?! makes a ? sentence and a ! sentence; a lone capital before a period is an initial, not an end"],
  ["ratio:overlap", { reference_text: "This is the test.", percentage: 100 }, ["This is the test.", "the test"], ["This is a test.", "ab"], "distinct character trigrams of the answer found in the reference"],
  ["ratio:overlap", { reference_text: "abcdef", percentage: 50 }, ["abcdxy"], ["abcdefxyz", "abcabcabcxyz"], "2/4 trigrams shared is 50%; repeats count once"],
  ["ratio:sentence_words", {}, ["Cats nap. Dogs run. Owls fly.", "Cats nap!\nDogs run?\n Owls fly."], ["Cats nap. Dogs run.", "Cats nap. Dogs ran. Owls flew."], "exactly three sentences of equal length"],
];

describe("ifbench ratio:* checks", () => {
  runCases(RATIO, CASES);
  hostileTest(RATIO, { "ratio:stop_words": { percentage: 20 }, "ratio:overlap": { reference_text: "aaaa", percentage: 50 } });
});
