// The normalisations a short free-form answer goes through before it is compared (NeMo RL's
// string-match verifier): quotes, trailing punctuation, thousands separators, LaTeX wrappers,
// list separators, US state names, Unicode math symbols and units. Every step is a linear scan.
import { unwrapCommand } from "./latex.ts";

const collapseWhitespace = (text: string): string => text.split(/\s+/).filter(Boolean).join(" ");

export function stripOuterQuotes(text: string): string {
  const first = text[0];
  return text.length >= 2 && (first === '"' || first === "'") && text.at(-1) === first ? text.slice(1, -1) : text;
}

/** Drops trailing `.`, `!` and `?`, unless nothing would be left. */
export function stripTrailingPunctuation(text: string): string {
  let end = text.length;
  while (end > 0 && ".!?".includes(text[end - 1]!)) end--;
  return end === 0 ? text : text.slice(0, end);
}

/** `$`, `\$` and `\%` dropped (a plain % stays), so "$80" reads as the number 80. */
export const withoutDollars = (text: string): string => text.replaceAll("\\%", "").replaceAll("\\$", "").replaceAll("$", "").trim();

/**
 * "1,234" is 1234; `\%` is %. Groups join in pairs left to right ("1,234,567" is "1234,567"), as
 * the reference's substitution does; the lookbehind starts each match at a digit run, keeping it linear.
 */
export const joinThousands = (text: string): string => text.replace(/(?<!\d)(\d+),(\d+)/g, "$1$2").replaceAll("\\%", "%");

const LATEX_COMMANDS = ["\\boxed", "\\text", "\\textbf", "\\textit", "\\texttt", "\\mathrm", "\\mathbf", "\\mathit", "\\mathsf", "\\mathbb", "\\mathcal", "\\emph", "\\url"];

/** `\textbf{Paris}` is Paris; math delimiters and `$` are dropped; whitespace collapsed. */
export function stripLatex(text: string): string {
  let out = text;
  for (const command of LATEX_COMMANDS) out = unwrapCommand(out, command);
  for (const delimiter of ["\\(", "\\)", "\\[", "\\]", "$"]) out = out.replaceAll(delimiter, "");
  return collapseWhitespace(out);
}

/**
 * "a, b and c" is "a b c". When the separators were much of the text (it shrank by over a
 * tenth), the text is kept as it was, as the reference does.
 */
export function normalizeList(text: string): string {
  const spaced = text.replaceAll(",", " ").replaceAll(";", " ").replaceAll("and", " ").replaceAll("or", " ");
  return spaced.length < 0.9 * text.length ? text : collapseWhitespace(spaced);
}

// Longer names first where one contains another ("west virginia" before "virginia").
const US_STATES: ReadonlyArray<readonly [string, string]> = [
  ["district of columbia", "DC"], ["new hampshire", "NH"], ["new jersey", "NJ"], ["new mexico", "NM"], ["new york", "NY"],
  ["north carolina", "NC"], ["north dakota", "ND"], ["rhode island", "RI"], ["south carolina", "SC"], ["south dakota", "SD"],
  ["west virginia", "WV"], ["alabama", "AL"], ["alaska", "AK"], ["arizona", "AZ"], ["arkansas", "AR"], ["california", "CA"],
  ["colorado", "CO"], ["connecticut", "CT"], ["delaware", "DE"], ["florida", "FL"], ["georgia", "GA"], ["hawaii", "HI"],
  ["idaho", "ID"], ["illinois", "IL"], ["indiana", "IN"], ["iowa", "IA"], ["kansas", "KS"], ["kentucky", "KY"],
  ["louisiana", "LA"], ["maine", "ME"], ["maryland", "MD"], ["massachusetts", "MA"], ["michigan", "MI"], ["minnesota", "MN"],
  ["mississippi", "MS"], ["missouri", "MO"], ["montana", "MT"], ["nebraska", "NE"], ["nevada", "NV"], ["ohio", "OH"],
  ["oklahoma", "OK"], ["oregon", "OR"], ["pennsylvania", "PA"], ["tennessee", "TN"], ["texas", "TX"], ["utah", "UT"],
  ["vermont", "VT"], ["virginia", "VA"], ["washington", "WA"], ["wisconsin", "WI"], ["wyoming", "WY"],
];

/** Lower-case state names become their abbreviations, then the text is read as a list. */
export function normalizeStates(text: string): string {
  let out = text;
  for (const [name, abbreviation] of US_STATES) out = out.replaceAll(name, abbreviation);
  return normalizeList(out).toLowerCase();
}

const UNICODE_MATH: ReadonlyArray<readonly [string, string]> = [
  ["°", "^\\circ"], ["²", "^2"], ["³", "^3"], ["⁴", "^4"], ["⁵", "^5"], ["⁶", "^6"], ["⁷", "^7"], ["⁸", "^8"], ["⁹", "^9"],
  ["√", "\\sqrt"], ["﹣", "-"], ["﹢", "+"], ["﹦", "="], ["﹤", "<"], ["﹥", ">"], ["：", ":"], ["π", "\\pi"],
];

export function unicodeMathToLatex(text: string): string {
  let out = text;
  for (const [symbol, latex] of UNICODE_MATH) out = out.replaceAll(symbol, latex);
  return out;
}

// Degrees and a few length/mass units (note: any "m" goes, as in the reference).
const UNITS = /\^\{?\\circ\}?|\\circ|°|cm[²³]?|mm|km|m[²³]?|kg/g;

export const stripUnits = (text: string): string => text.replace(UNITS, "");

/** What is left of a numeric answer without currency, percent, thousands commas and units. */
export function numericCore(text: string): string {
  let out = text;
  for (const ch of "$£€%,") out = out.replaceAll(ch, "");
  return stripUnits(unicodeMathToLatex(out)).replaceAll("\\%", "").replaceAll("\\$", "").trim();
}
