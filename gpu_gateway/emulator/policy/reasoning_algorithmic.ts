// reasoning-gym's algorithmic tasks (words, lists, ciphers, matrices), solved from the prompt.
import { between, DIGITS, flipBool, lineAfter, matrixAfter, matrixText, slippedCount, swapFirstTwo, type Solver } from "./prompt_reading.ts";

export const spellBackward: Solver = (prompt) => {
  const word = between(prompt, 'Write the word "', '" backward');
  if (word === undefined || word.length === 0 || word.length > 1000) return undefined;
  const reversed = [...word].reverse().join("");
  return { how: `Reading "${word}" from its last letter to its first.`, right: reversed, wrong: reversed.slice(0, -1) };
};

export const wordSequenceReversal: Solver = (prompt) => {
  const list = lineAfter(prompt, "Reverse the order of this list of words, and answer with the reversed list, words separated by a comma and a space: ");
  const words = list?.split(", ");
  if (!words || words.length < 2) return undefined;
  const reversed = [...words].reverse();
  return { how: "Listing the words from the last to the first.", right: reversed.join(", "), wrong: swapFirstTwo(reversed).join(", ") };
};

export const letterCounting: Solver = (prompt) => {
  const letter = between(prompt, 'Count the occurrences of the letter "', '" (upper or lower case) in this text: "');
  const text = between(prompt, '(upper or lower case) in this text: "', '"');
  if (letter === undefined || letter.length !== 1 || text === undefined) return undefined;
  const n = [...text.toLowerCase()].filter((c) => c === letter.toLowerCase()).length;
  return { how: `Going through the text letter by letter and counting each "${letter}".`, right: String(n), wrong: slippedCount(n) };
};

export const numberSorting: Solver = (prompt) => {
  const line = lineAfter(prompt, "Put these numbers in ");
  const direction = line?.startsWith("ascending order: ") ? 1 : line?.startsWith("descending order: ") ? -1 : 0;
  if (!line || direction === 0) return undefined;
  const numbers = line.slice(line.indexOf(": ") + 2).split(", ");
  if (numbers.length < 2 || numbers.some((n) => n.trim() === "" || !Number.isFinite(Number(n)))) return undefined;
  const sorted = [...numbers].sort((a, b) => direction * (Number(a) - Number(b)));
  const list = (items: readonly string[]) => `[${items.map((n) => `'${n}'`).join(", ")}]`;
  const i = sorted.findIndex((n, k) => k > 0 && Number(n) !== Number(sorted[k - 1]));
  const wrong = i > 0 ? [...sorted.slice(0, i - 1), sorted[i]!, sorted[i - 1]!, ...sorted.slice(i + 1)] : sorted.slice(1);
  return { how: `Ordering the numbers by value, ${direction > 0 ? "smallest" : "largest"} first.`, right: list(sorted), wrong: list(wrong) };
};

const BASE_NAMES: Record<string, number> = { binary: 2, hexadecimal: 16 };
const baseOf = (name: string) => BASE_NAMES[name] ?? (name.startsWith("base-") && DIGITS.test(name.slice(5)) ? Number(name.slice(5)) : NaN);

function fromBase(digits: string, base: number): bigint | undefined {
  let value = 0n;
  for (const d of digits) {
    const v = parseInt(d, 36);
    if (Number.isNaN(v) || v >= base) return undefined;
    value = value * BigInt(base) + BigInt(v);
  }
  return value;
}

export const baseConversion: Solver = (prompt) => {
  const line = lineAfter(prompt, "Write the ");
  const words = line?.split(" ");
  if (!words || words.length < 5 || words[1] !== "number" || words[3] !== "in") return undefined;
  const [from, to] = [baseOf(words[0]!), baseOf(words[4]!.replace(/\.$/, ""))];
  if (!(from >= 2 && from <= 36 && to >= 2 && to <= 36) || words[2]!.length > 100) return undefined;
  const value = fromBase(words[2]!, from);
  if (value === undefined) return undefined;
  return { how: `Reading ${words[2]} in base ${from}, then dividing repeatedly by ${to}.`, right: value.toString(to), wrong: (value + 1n).toString(to) };
};

// English letter frequencies (percent), a to z: the shift whose decryption fits them best wins.
const ENGLISH = [8.2, 1.5, 2.8, 4.3, 12.7, 2.2, 2.0, 6.1, 7.0, 0.15, 0.77, 4.0, 2.4, 6.7, 7.5, 1.9, 0.095, 6.0, 6.3, 9.1, 2.8, 0.98, 2.4, 0.15, 2.0, 0.074];
const COMMON_PAIRS = new Set("TH HE IN ER AN RE ON AT EN ND TI ES OR TE OF ED IS IT AL AR ST TO NT NG SE HA AS OU IO LE VE CO ME DE HI RI RO IC NE EA RA CE LI CH LL BE MA SI OM UR".split(" "));
function commonPairs(text: string): number {
  let n = 0;
  for (let i = 1; i < text.length; i++) if (COMMON_PAIRS.has(text.slice(i - 1, i + 1))) n++;
  return n;
}

const shift = (text: string, by: number) => text.replace(/[A-Z]/g, (c) => String.fromCharCode(65 + ((c.charCodeAt(0) - 65 + by) % 26)));

export const caesarCipher: Solver = (prompt) => {
  const cipher = lineAfter(prompt, "This text was encrypted with a Caesar cipher (each letter shifted the same number of places along the alphabet): ");
  if (!cipher || !/[A-Z]/.test(cipher)) return undefined;
  const counts = new Array<number>(26).fill(0);
  for (const c of cipher) if (c >= "A" && c <= "Z") counts[c.charCodeAt(0) - 65]!++;
  // How likely the text, decrypted with this shift, is as English letters drawn independently.
  const likelihoods = Array.from({ length: 26 }, (_, by) => counts.reduce((sum, n, i) => sum + n * Math.log(ENGLISH[(i + by) % 26]!), 0));
  // Short texts: the common letter pairs of English tip the balance between close candidates.
  const candidates = likelihoods.map((l, by) => [l, by] as const).sort((a, b) => b[0] - a[0]).slice(0, 3);
  const best = candidates.reduce((a, b) => (b[0] + commonPairs(shift(cipher, b[1])) > a[0] + commonPairs(shift(cipher, a[1])) ? b : a))[1];
  return { how: `Shifting every letter ${best} places on makes the text read as English.`, right: shift(cipher, best), wrong: shift(cipher, (best + 1) % 26) };
};

export const countPrimes: Solver = (prompt) => {
  const range = between(prompt, "How many prime numbers are there from ", ", both included?")?.split(" to ");
  if (!range || range.length !== 2 || !range.every((n) => DIGITS.test(n))) return undefined;
  const [start, end] = range.map(Number) as [number, number];
  if (end > 10_000_000) return undefined;
  const composite = new Uint8Array(end + 1);
  let n = 0;
  for (let i = 2; i <= end; i++) {
    if (composite[i]) continue;
    if (i >= start) n++;
    for (let j = i * i; j <= end; j += i) composite[j] = 1;
  }
  return { how: `Sieving the numbers up to ${end} and counting the primes from ${start}.`, right: String(n), wrong: slippedCount(n) };
};

export const ransomNote: Solver = (prompt) => {
  const note = lineAfter(prompt, "\nRansom note: ");
  const magazine = lineAfter(prompt, "\nMagazine: ");
  if (note === undefined || magazine === undefined) return undefined;
  const left = new Map<string, number>();
  for (const c of magazine) left.set(c, (left.get(c) ?? 0) + 1);
  const possible = [...note].every((c) => {
    const n = left.get(c) ?? 0;
    left.set(c, n - 1);
    return n > 0;
  });
  return { how: "Taking each letter of the note from the magazine's letters, each at most once.", ...flipBool(possible) };
};

export const isomorphicStrings: Solver = (prompt) => {
  if (!prompt.includes("Are these two strings isomorphic? Answer True or False.")) return undefined;
  const pair = lineAfter(prompt, "Answer True or False.\n\n")?.split(" ");
  if (!pair || pair.length !== 2) return undefined;
  const [a, b] = pair.map((s) => [...s]) as [string[], string[]];
  const forward = new Map<string, string>();
  const backward = new Map<string, string>();
  const isomorphic = a.length === b.length && a.every((c, i) => {
    const d = b[i]!;
    if ((forward.get(c) ?? d) !== d || (backward.get(d) ?? c) !== c) return false;
    forward.set(c, d);
    backward.set(d, c);
    return true;
  });
  return { how: "Pairing the characters of the two strings place by place and checking each pairing is one to one.", ...flipBool(isomorphic) };
};

const quarterTurn = (m: readonly number[][]): number[][] => m[0]!.map((_, c) => m.map((row) => row[c]!).reverse());

export const rotateMatrix: Solver = (prompt) => {
  const degrees = between(prompt, "Rotate this square matrix clockwise by ", " degrees.");
  const matrix = matrixAfter(prompt, "\n\n");
  if (degrees === undefined || !DIGITS.test(degrees) || Number(degrees) % 90 !== 0 || !matrix) return undefined;
  let right = matrix;
  for (let i = 0; i < (Number(degrees) / 90) % 4; i++) right = quarterTurn(right);
  // A slip: one quarter turn too many; a matrix that looks the same after it gets a miscopied entry instead.
  let wrong = quarterTurn(right);
  if (matrixText(wrong) === matrixText(right)) wrong = [[(wrong[0]![0]! + 1) % 10, ...wrong[0]!.slice(1)], ...wrong.slice(1)];
  return { how: `${degrees} degrees is ${(Number(degrees) / 90) % 4} quarter turn(s) after whole turns are taken out.`, right: matrixText(right), wrong: matrixText(wrong) };
};

export const spiralMatrix: Solver = (prompt) => {
  if (!prompt.includes("in clockwise spiral order")) return undefined;
  const m = matrixAfter(prompt, "for example 1 2 3 6 9 8 7 4 5.");
  if (!m) return undefined;
  const out: number[] = [];
  let [top, bottom, left, right] = [0, m.length - 1, 0, m[0]!.length - 1];
  while (top <= bottom && left <= right) {
    for (let c = left; c <= right; c++) out.push(m[top]![c]!);
    for (let r = top + 1; r <= bottom; r++) out.push(m[r]![right]!);
    if (top < bottom) for (let c = right - 1; c >= left; c--) out.push(m[bottom]![c]!);
    if (left < right) for (let r = bottom - 1; r > top; r--) out.push(m[r]![left]!);
    [top, bottom, left, right] = [top + 1, bottom - 1, left + 1, right - 1];
  }
  return { how: "Walking the outer ring clockwise from the top-left corner, then each ring inside it.", right: out.join(" "), wrong: out.slice(0, -1).join(" ") };
};

export const wordSorting: Solver = (prompt) => {
  const direction = between(prompt, "Sort these words in ", " order by their characters' Unicode code points");
  const words = lineAfter(prompt, "and answer with the sorted words separated by a comma and a space: ")?.split(", ");
  if ((direction !== "ascending" && direction !== "descending") || !words || words.length < 2) return undefined;
  const sorted = [...words].sort();
  if (direction === "descending") sorted.reverse();
  return { how: `Comparing the words character by character by code point, ${direction}.`, right: sorted.join(", "), wrong: swapFirstTwo(sorted).join(", ") };
};
