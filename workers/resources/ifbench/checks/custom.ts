// IFBench's `custom:*` instructions: one fixed task each (a number sequence, multiple-choice
// questions, sorted lists, reversed text, an alphabet story, CSV tables, dates), checked as IFBench
// checks them. Where IFBench's check raises (an index past the end), the answer fails, as NeMo
// counts an exception.
import { instruction, NoKwargs } from "../../../../shared/instructions/instruction.ts";
import type { Family } from "../../../../shared/instructions/instruction.ts";
import { first, length, lower, PY_SPACE, split, strip, trimPunctuation, withoutPunctuation } from "../text/python.ts";
import { splitIntoSentences } from "../text/split_sentences.ts";
import { readCsv } from "../text/csv.ts";

const DIGIT_RUN = /\p{Nd}+/gu;
const MULTIPLES_OF_7 = ["14", "21", "28", "35", "42", "49"];

/** The digit runs (Python's `\d`: every decimal digit) are exactly 14 21 28 35 42 49. */
function multiplesOf7(text: string): boolean {
  let i = 0;
  for (const [run] of text.matchAll(DIGIT_RUN)) if (run !== MULTIPLES_OF_7[i++]) return false;
  return i === MULTIPLES_OF_7.length;
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;
const DIGIT = /\p{Nd}/u;
/** The code point starting at index `i` ("" past the end). */
const charAt = (text: string, i: number) => first(text.slice(i, i + 2));

/**
 * Python's `re.split(r'\n*(?:Question \d+[\.|\):;]?\s*)', text)`, scanning for "Question " rather
 * than retrying the newline run at every position.
 */
function splitAtQuestionLabels(text: string): string[] {
  const pieces: string[] = [];
  let last = 0;
  for (let at = text.indexOf("Question "); at !== -1; at = text.indexOf("Question ", at + 1)) {
    let end = at + "Question ".length;
    const digits = end;
    while (DIGIT.test(charAt(text, end))) end += charAt(text, end).length;
    if (end === digits) continue;
    if (".|):;".includes(text[end] ?? "_")) end++;
    while (end < text.length && PY_SPACE.test(text[end]!)) end++;
    let start = at;
    while (start > last && text[start - 1] === "\n") start--;
    pieces.push(text.slice(last, start));
    last = end;
    at = end - 1;
  }
  pieces.push(text.slice(last));
  return pieces;
}

const OPTION_LINE = /^[A-Ea-e][.|)]/u;

/** An option line: a letter A-E, "." "|" or ")", optional whitespace, then a word character. */
function isOption(line: string): boolean {
  if (!OPTION_LINE.test(line)) return false;
  let i = 2;
  while (i < line.length && PY_SPACE.test(line[i]!)) i++;
  return WORD_CHAR.test(charAt(line, i));
}

/**
 * Starts with "Question", splits into 4 labelled questions with exactly 5 option lines each, and
 * each question's text (its lines before the first option) is longer than the one before.
 */
function choiceQuestions(text: string): boolean {
  if (!text.startsWith("Question")) return false;
  const pieces = splitAtQuestionLabels(text);
  const questions = (pieces[0] === "" ? pieces.slice(1) : pieces).map(strip).filter((question) => question !== "");
  if (questions.length !== 4) return false;
  const lengths: number[] = [];
  for (const question of questions) {
    let stem = "";
    let options = 0;
    for (const line of question.split("\n")) {
      if (isOption(strip(line))) options++;
      else if (options === 0) stem += ` ${strip(line)}`;
    }
    if (options !== 5) return false;
    lengths.push(length(strip(stem)));
  }
  return lengths.every((n, i) => i === 0 || lengths[i - 1]! < n);
}

/** `unicodedata.normalize('NFKD', text).encode('ASCII', 'ignore').decode()`: accents and other non-ASCII dropped. */
const asciiFold = (text: string) => text.normalize("NFKD").replace(/[^\x00-\x7f]/gu, "");

/** From the first line naming Zimbabwe, at least 52 non-empty lines in reverse alphabetical order. */
function reverseAlphabeticalFromZimbabwe(text: string): boolean {
  const lines = text
    .split("\n")
    .map(trimPunctuation)
    .filter((line) => line !== "");
  const start = lines.findIndex((line) => line.includes("Zimbabwe"));
  if (start === -1 || lines.length - start < 52) return false;
  const folded = lines.slice(start).map(asciiFold);
  return folded.every((line, i) => i === 0 || folded[i - 1]! >= line);
}

/** The words reversed form one sentence naming the bald eagle (in practice: "bald eagle" reversed in). */
function wordsReversed(text: string): boolean {
  const reversed = split(withoutPunctuation(strip(lower(text)))).reverse().join(" ");
  return reversed.includes("bald eagle") && splitIntoSentences(reversed).includes(reversed);
}

/** 26 sentences whose first words start with a, b, c, ... z in turn. */
function alphabetStory(text: string): boolean {
  const sentences = splitIntoSentences(text);
  if (sentences.length !== 26) return false;
  return sentences.every((sentence, i) => {
    const word = split(sentence)[0];
    return word !== undefined && first(lower(word)) === String.fromCharCode(97 + i);
  });
}

const CAPITALS_NORTH_TO_SOUTH = (
  "Reykjavik Helsinki Oslo Tallinn Stockholm Riga Moscow Copenhagen Vilnius Minsk Dublin Berlin Amsterdam Warsaw London " +
  "Brussels Prague Luxembourg Paris Vienna Bratislava Budapest Vaduz Chisinau Bern Ljubljana Zagreb"
).split(" ");

function capitalsByLatitude(text: string): boolean {
  const capitals = asciiFold(text)
    .split(",")
    .map(strip)
    .filter((capital) => capital !== "");
  return capitals.length === CAPITALS_NORTH_TO_SOUTH.length && capitals.every((capital, i) => capital === CAPITALS_NORTH_TO_SOUTH[i]);
}

const CITY_HEADER = ["ID", "Country", "City", "Year", "Count"];

/** The header and exactly 7 records of 5 fields (a blank line is a record). */
function cityCsv(text: string): boolean {
  const records = readCsv(text, ",");
  return (
    records !== undefined &&
    records.length === 8 &&
    records[0]!.length === CITY_HEADER.length &&
    records[0]!.every((name, i) => name === CITY_HEADER[i]) &&
    records.slice(1).every((record) => record.length === 5)
  );
}

const firstLine = (text: string) => strip(text.slice(0, text.includes("\n") ? text.indexOf("\n") : text.length));
const PRODUCT_HEADER = /^(?:ProductID|"ProductID"),[ \t]*(?:Category|"Category"),[ \t]*(?:Brand|"Brand"),[ \t]*(?:Price|"Price"),[ \t]*(?:Stock|"Stock")$/u;
const STUDENT_HEADER = /^(?:StudentID|"StudentID")\t *(?:Subject|"Subject")\t *(?:Grade|"Grade")\t *(?:Semester|"Semester")\t *(?:Score|"Score")$/u;
// IFBench triples every quote before parsing, so a quoted field comes back with its quotes.
const keepQuotes = (text: string) => text.replaceAll('"', '"""');
const SPECIAL = /[^\p{L}\p{N}_\t\n\v\f\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/u;

/** Python's `re.match(r'".*[^\d\w\s].*"', field)`: a quote, then on the same line a special character and a quote after it. */
function quotedSpecial(field: string): boolean {
  if (!field.startsWith('"')) return false;
  const line = field.includes("\n") ? field.slice(0, field.indexOf("\n")) : field;
  const special = line.slice(1).search(SPECIAL);
  return special !== -1 && line.indexOf('"', special + 2) !== -1;
}

/**
 * The header, 14 records, and a quoted field with a special character. IFBench returns at the first
 * record with such a field, so later records are not checked for 5 fields.
 */
function specialCharacterCsv(text: string): boolean {
  if (!PRODUCT_HEADER.test(firstLine(text))) return false;
  const records = readCsv(keepQuotes(text), ",");
  if (records === undefined || records.length !== 15) return false;
  for (const record of records.slice(1)) {
    if (record.length !== 5) return false;
    if (record.some(quotedSpecial)) return true;
  }
  return false;
}

/** The header and 3 records, tab-separated, every field (header included) in double quotes. */
function quotedTsv(text: string): boolean {
  if (!STUDENT_HEADER.test(firstLine(text))) return false;
  const records = readCsv(keepQuotes(text), "\t");
  if (records === undefined || records.length !== 4) return false;
  return records.every(
    (record) =>
      record.length === 5 &&
      record.every((field) => {
        const body = strip(field);
        return body.startsWith('"') && body.endsWith('"');
      }),
  );
}

/** Python's `int()` of decimal digits from any script (each script's digits run 0-9 in order). */
function decimal(digits: string): number {
  let value = 0;
  for (const char of digits) {
    let zero = char.codePointAt(0)!;
    while (DIGIT.test(String.fromCodePoint(zero - 1))) zero--;
    value = value * 10 + ((char.codePointAt(0)! - zero) % 10);
  }
  return value;
}

const DATE = /^(\p{Nd}{4})-(\p{Nd}{2})-(\p{Nd}{2})$/u;
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Comma-separated YYYY-MM-DD dates in Napoleon's lifetime (1769-1821); month 0 and day 0 pass, as in IFBench. */
function napoleonDates(text: string): boolean {
  return strip(text)
    .split(",")
    .every((date) => {
      const parts = DATE.exec(strip(date));
      if (!parts) return false;
      const [year, month, day] = parts.slice(1).map(decimal) as [number, number, number];
      return year >= 1769 && year <= 1821 && month <= 12 && (month === 0 || day <= DAYS_IN_MONTH[month - 1]!);
    });
}

export const CUSTOM: Family = {
  "custom:multiples": instruction({ kwargs: NoKwargs, check: multiplesOf7 }),
  "custom:mcq_count_length": instruction({ kwargs: NoKwargs, check: choiceQuestions }),
  "custom:reverse_newline": instruction({ kwargs: NoKwargs, check: reverseAlphabeticalFromZimbabwe }),
  "custom:word_reverse": instruction({ kwargs: NoKwargs, check: wordsReversed }),
  "custom:character_reverse": instruction({ kwargs: NoKwargs, check: (text) => lower(text).includes("elgae dlab") }),
  "custom:sentence_alphabet": instruction({ kwargs: NoKwargs, check: alphabetStory }),
  "custom:european_capitals_sort": instruction({ kwargs: NoKwargs, check: capitalsByLatitude }),
  "custom:csv_city": instruction({ kwargs: NoKwargs, check: cityCsv }),
  "custom:csv_special_character": instruction({ kwargs: NoKwargs, check: specialCharacterCsv }),
  "custom:csv_quotes": instruction({ kwargs: NoKwargs, check: quotedTsv }),
  "custom:date_format_list": instruction({ kwargs: NoKwargs, check: napoleonDates }),
};
