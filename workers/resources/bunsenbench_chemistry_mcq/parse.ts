// Reading one candidate as an option: a letter ("B", "(B)", "Option B", "B. H2O"), else an option's
// text as written (chemistry-normalised), first as given, then with wrappers peeled (\boxed{},
// \text{}, brackets, quotes, markdown, closing punctuation).
import { normalizeChemistry } from "./normalize.ts";

export type Options = ReadonlyArray<Readonly<Record<string, string>>>;

const isLetter = (s: string) => /^\p{L}$/u.test(s);

/** Python's str.strip(chars). */
function stripChars(s: string, chars: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && chars.includes(s[start]!)) start++;
  while (end > start && chars.includes(s[end - 1]!)) end--;
  return s.slice(start, end);
}

const allowed = (letter: string | undefined, letters: ReadonlySet<string>) => (letter !== undefined && letters.has(letter.toUpperCase()) ? letter.toUpperCase() : null);

function letterOf(candidate: string, letters: ReadonlySet<string>): string | null {
  if ([...candidate].length === 1 && isLetter(candidate)) return allowed(candidate, letters);
  return (
    allowed(/^(?:option|choice)\s+([A-Z])\s*[)\].:]?$/i.exec(candidate)?.[1], letters) ??
    allowed(/^([A-Z])[)\].:](?:\s|$)/i.exec(candidate)?.[1], letters) ??
    allowed(/^[^A-Za-z]*([A-Za-z])[^A-Za-z]*$/.exec(candidate)?.[1], letters)
  );
}

function letterOfText(candidate: string, options: Options, letters: ReadonlySet<string>): string | null {
  const wanted = normalizeChemistry(candidate);
  for (const option of options) {
    for (const [letter, text] of Object.entries(option)) if (letters.has(letter.toUpperCase()) && normalizeChemistry(text) === wanted) return letter.toUpperCase();
  }
  return null;
}

const EDGE = " \t\r\n`*_\"'";

const WRAPPERS = ["text", "mathrm", "operatorname"];

/** The inside of `\name{...}` when the whole text is one, trimmed (sliced, not matched: a lazy group before `\s*}$` is quadratic). */
function inside(text: string, names: readonly string[]): string | undefined {
  if (!text.endsWith("}")) return undefined;
  const name = names.find((n) => text.startsWith(`\\${n}{`));
  return name === undefined ? undefined : text.slice(name.length + 2, -1).trim();
}

export function stripWrappers(candidate: string): string {
  let text = stripChars(candidate, EDGE);
  text = inside(text, ["boxed"]) ?? text;
  for (let inner = inside(text, WRAPPERS); inner !== undefined; inner = inside(text, WRAPPERS)) text = inner;
  while (text.length >= 2 && "([{\"'<".includes(text[0]!) && ")]}\"'>".includes(text.at(-1)!)) text = stripChars(text.slice(1, -1), EDGE);
  return stripChars(text, `${EDGE}.;,`);
}

export function parseCandidate(candidate: string, options: Options, letters: ReadonlySet<string>): string | null {
  const text = candidate.trim();
  if (!text) return null;
  const direct = letterOf(text, letters) ?? letterOfText(text, options, letters);
  if (direct !== null) return direct;
  const peeled = stripWrappers(text);
  return peeled ? (letterOf(peeled, letters) ?? letterOfText(peeled, options, letters)) : null;
}
