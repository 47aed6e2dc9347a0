// IFBench's `custom:*` checks, unit by unit. The answers are picked where a plain reading of the
// task, or a port that skips IFBench's quirks (Python's csv reader, its sentence splitter), would differ.
// Each verdict is the one IFBench's library (its pinned commit) gives the same answer.
import { describe, expect, test } from "vitest";
import { CUSTOM } from "../../../../workers/resources/ifbench/checks/custom.ts";
import { hostileTest, refusedAt, verdictTests } from "./cases.ts";
import type { Verdict } from "./cases.ts";

const AFRICA = "Zimbabwe Zambia Uganda Tunisia Togo Tanzania Sudan South_Sudan South_Africa Somalia Sierra_Leone Seychelles Senegal São_Tomé_and_Príncipe Rwanda Nigeria Niger Namibia Mozambique Morocco Mauritius Mauritania Mali Malawi Madagascar Libya Liberia Lesotho Kenya Guinea-Bissau Guinea Ghana Gambia Gabon Ethiopia Eswatini Eritrea Equatorial_Guinea Egypt Djibouti DR_Congo Côte_d'Ivoire Congo Comoros Chad Central_African_Republic Cameroon Cabo_Verde Burundi Burkina_Faso Botswana Benin Angola Algeria".split(" ").map((c) => c.replaceAll("_", " "));
const CAPITALS = "Reykjavik, Helsinki, Oslo, Tallinn, Stockholm, Riga, Moscow, Copenhagen, Vilnius, Minsk, Dublin, Berlin, Amsterdam, Warsaw, London, Brussels, Prague, Luxembourg, Paris, Vienna, Bratislava, Budapest, Vaduz, Chisinau, Bern, Ljubljana, Zagreb";
const STORY = "Alice woke. Birds sang. Cats purred. Dogs barked. Every tree swayed. Foxes hid. Geese flew. Hares ran. Ivy grew. Jays called. Kites soared. Larks trilled. Mice squeaked. Newts swam. Owls slept. Pigs snored. Quails hid. Rats scurried. Snakes coiled. Toads croaked. Urchins waited. Voles dug. Wolves howled. Xerus basked. Yaks grazed. Zebras rested.";
const CITY = ["ID,Country,City,Year,Count", ...[1, 2, 3, 4, 5, 6, 7].map((i) => `${i},France,"Paris, FR",200${i},${i * 10}`)].join("\n");
const PRODUCTS = (special: string) => ["ProductID,Category,Brand,Price,Stock", ...Array.from({ length: 14 }, (_, i) => `${i + 1},Toys,${i === 4 ? special : "Acme"},9.99,${i}`)].join("\n");
const GRADES = (f: (field: string) => string) => [["StudentID", "Subject", "Grade", "Semester", "Score"], ["1", "Math", "A", "Fall", "93"], ["2", "Art", "B", "Spring", "85"], ["3", "Music", "A", "Fall", "97"]].map((r) => r.map(f).join("\t")).join("\n");
const MCQ = (stems: string[]) => stems.map((s, i) => `Question ${i + 1}: ${s}\nA. one\nB. two\nC) three\nD. four\nE. five`).join("\n\n");

const CASES: Verdict[] = [
  ["custom:multiples", {}, "14, 21, 28, 35, 42, 49", "the multiples", true],
  ["custom:multiples", {}, "14,21,28,35,42,49", "without spaces", true],
  ["custom:multiples", {}, "7, 14, 21, 28, 35, 42, 49", "7 is below 10", false],
  ["custom:multiples", {}, "The 6 multiples: 14 21 28 35 42 49", "any other number fails", false],
  ["custom:multiples", {}, "14, 21, 28, 35, 42, ٤٩", "Arabic-Indic digits are digits, but not 49", false],
  ["custom:mcq_count_length", {}, MCQ(["Who?", "Who painted?", "Who painted it?", "Who painted it first?"]), "four questions, five options, longer each time", true],
  ["custom:mcq_count_length", {}, "Here you go:\n" + MCQ(["Who?", "Who painted?", "Who painted it?", "Who painted it first?"]), "text before the first question", false],
  ["custom:mcq_count_length", {}, MCQ(["Who?", "Why?", "Who painted it?", "Who painted it first?"]), "two stems of equal length", false],
  ["custom:mcq_count_length", {}, MCQ(["Who?", "Who painted?", "Who painted it?"]), "three questions", false],
  ["custom:reverse_newline", {}, AFRICA.join("\n"), "54 countries in reverse order, accents folded", true],
  ["custom:reverse_newline", {}, AFRICA.map((c, i) => `${i + 1}. ${c}`).join("\n"), "numbering breaks the order", false],
  ["custom:reverse_newline", {}, AFRICA.slice(0, 51).join("\n"), "51 lines", false],
  ["custom:reverse_newline", {}, "Countries:\n" + AFRICA.map((c) => `- ${c}.`).join("\n"), "punctuation is trimmed, and lines before Zimbabwe are ignored", true],
  ["custom:word_reverse", {}, "eagle. bald the is It", "the words reversed", true],
  ["custom:word_reverse", {}, "It is the bald eagle.", "the sentence forwards", false],
  ["custom:character_reverse", {}, "Elgae Dlab.", "letters reversed, any case", true],
  ["custom:character_reverse", {}, "The bald eagle.", "forwards", false],
  ["custom:sentence_alphabet", {}, STORY, "26 sentences a to z", true],
  ["custom:sentence_alphabet", {}, STORY.replace("Foxes hid. ", ""), "25 sentences", false],
  ["custom:sentence_alphabet", {}, STORY.replace("Owls slept.", "Owls met Mr. Fox."), "a title's period does not end a sentence", true],
  ["custom:european_capitals_sort", {}, CAPITALS, "north to south", true],
  ["custom:european_capitals_sort", {}, CAPITALS.replace("Chisinau", "Chișinău").replace("Reykjavik", "Reykjavík"), "accents are folded", true],
  ["custom:european_capitals_sort", {}, CAPITALS + ".", "a final period", false],
  ["custom:european_capitals_sort", {}, CAPITALS.replace("Oslo, Tallinn", "Tallinn, Oslo"), "out of order", false],
  ["custom:csv_city", {}, CITY, "header and 7 rows, one quoted field with a comma", true],
  ["custom:csv_city", {}, CITY + "\n", "a final line break adds no row", true],
  ["custom:csv_city", {}, CITY + "\n\n", "a blank line is a row", false],
  ["custom:csv_city", {}, "```csv\n" + CITY + "\n```", "a code fence", false],
  ["custom:csv_city", {}, CITY.replace("1,France", "1,Fr\rance"), "a carriage return inside a field makes the reader raise", false],
  ["custom:csv_city", {}, CITY.replace("2,France", '2,"Fr"ance'), "text after a closing quote joins the field", true],
  ["custom:csv_special_character", {}, PRODUCTS('"A&B"'), "a quoted field with a special character", true],
  ["custom:csv_special_character", {}, PRODUCTS('"Acme Co"'), "quoted, nothing special", false],
  ["custom:csv_special_character", {}, PRODUCTS("A&B"), "special, not quoted", false],
  ["custom:csv_special_character", {}, PRODUCTS('"A&B"').replace("ProductID,Category", '"ProductID", "Category"'), "a quoted header with spaces", true],
  ["custom:csv_quotes", {}, GRADES((f) => `"${f}"`), "every field quoted, tab-separated", true],
  ["custom:csv_quotes", {}, GRADES((f) => f), "unquoted", false],
  ["custom:csv_quotes", {}, GRADES((f) => `"${f}"`).replaceAll("\t", ","), "comma-separated", false],
  ["custom:date_format_list", {}, "1805-12-02, 1806-10-14", "dates in range", true],
  ["custom:date_format_list", {}, "1805-02-30", "no 30th of February", false],
  ["custom:date_format_list", {}, "1805-00-00", "month and day 0 pass", true],
  ["custom:date_format_list", {}, "1822-01-01", "after 1821", false],
  ["custom:date_format_list", {}, "Dates: 1805-12-02", "an explanation", false],
  ["custom:date_format_list", {}, "١٨٠٥-١٢-٠٢", "Arabic-Indic digits", true],
];

describe("custom:*", () => {
  verdictTests(CUSTOM, CASES);

  test("the fixed tasks take no arguments", () => {
    expect(refusedAt(CUSTOM, "custom:csv_city", { sep: "," })).toEqual([]);
    expect(refusedAt(CUSTOM, "custom:csv_city", {})).toBeUndefined();
  });

  hostileTest(CUSTOM, {});
});
