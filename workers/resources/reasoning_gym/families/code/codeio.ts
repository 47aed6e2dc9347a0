// codeio: predict a program's output (or a feasible input) as JSON. The stored JSON text exactly
// (both stripped) 1.0. Else, when the answer holds a {...} (its first "{" to its last "}"), both
// are read as JSON: equal values score max_score, other values max(similarity x max_score, 0.01)
// (json_similarity.ts), where max_score = max(len(oracle) / (len(oracle) + 0.5 x characters
// around the braces), 0.2). If either is not JSON: the oracle's share of an answer containing it,
// else 0. An answer with no braces 0.
import { parseExact } from "../../../../../shared/json/exact.ts";
import { pythonEqual } from "../../../../../shared/verifiers/json_equal.ts";
import { pyLen, pyStrip } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily } from "../family.ts";
import { jsonSimilarity } from "./json_similarity.ts";

// Python's json.loads gives up (RecursionError, not a decode error: the scorer raises) about here.
const MAX_DEPTH = 990;

class NotJson extends Error {}

const SPECIAL: Record<string, number> = { NaN: Number.NaN, Infinity: Infinity, "-Infinity": -Infinity };

// Private-use characters a constant's stand-in string starts with.
const MARK = "\ue000\ue001";

/**
 * JSON with Python's extra constants: NaN, Infinity and -Infinity outside strings are parsed as
 * (exact) floats. Each is parsed as a stand-in string, swapped back after; should a string of
 * the text itself look like a stand-in (the counts differ), the text is not read.
 */
function parseWithConstants(text: string): unknown {
  const mark = MARK;
  let replaced = 0;
  let out = "";
  let inString = false;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else
      for (const token of Object.keys(SPECIAL))
        if (text.startsWith(token, i)) {
          out += `${text.slice(from, i)}"${mark}${token}"`;
          replaced++;
          from = i += token.length;
          i--;
          break;
        }
  }
  let swapped = 0;
  const swap = (v: unknown): unknown => {
    if (typeof v === "string" && v.startsWith(mark) && Object.hasOwn(SPECIAL, v.slice(mark.length))) {
      swapped++;
      return new Number(SPECIAL[v.slice(mark.length)]);
    }
    if (Array.isArray(v)) return v.map(swap);
    if (typeof v === "object" && v !== null && !(v instanceof Number)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, swap(x)]));
    return v;
  };
  const value = swap(parseExact(out + text.slice(from)));
  if (swapped !== replaced) throw new SyntaxError("a string of the text looks like a constant's mark");
  return value;
}

/** json.loads: NotJson where Python raises JSONDecodeError; another error where it recurses too deep. */
function loads(text: string): unknown {
  let value: unknown;
  try {
    value = parseExact(text);
  } catch {
    try {
      value = parseWithConstants(text);
    } catch {
      throw new NotJson();
    }
  }
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth >= MAX_DEPTH) throw new RangeError("JSON nested too deep for Python's json.loads");
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return value;
}

export default defineFamily({
  name: "codeio",
  category: "code",
  scorer: "own",
  score(answer, entry) {
    if (typeof entry.answer !== "string") throw new Error("codeio needs the stored answer");
    const oracle = pyStrip(entry.answer);
    if (answer === null || answer.length === 0) return 0;
    const given = pyStrip(answer);
    if (given === oracle) return 1;
    if (!given.includes("{") || !given.includes("}")) return 0;
    const first = given.indexOf("{");
    const last = given.lastIndexOf("}");
    const around = pyLen(given.slice(0, first)) + pyLen(given.slice(last + 1));
    const oracleLength = pyLen(oracle);
    if (oracleLength + 0.5 * around === 0) throw new RangeError("division by zero, as in the library");
    const maxScore = Math.max(oracleLength / (oracleLength + 0.5 * around), 0.2);
    let parsedAnswer: unknown;
    let parsedOracle: unknown;
    try {
      parsedAnswer = loads(last > first ? given.slice(first, last + 1) : "");
      parsedOracle = loads(oracle);
    } catch (error) {
      if (!(error instanceof NotJson)) throw error;
      return given.includes(oracle) ? oracleLength / pyLen(given) : 0;
    }
    if (pythonEqual(parsedAnswer, parsedOracle)) return maxScore;
    return Math.max(jsonSimilarity(parsedAnswer, parsedOracle) * maxScore, 0.01);
  },
  deviations: [
    "Answers too large to compare within a fixed work budget (about a million steps of the tree edit distance) score as JSON with no similarity (0.01), where the library would compare them however long it takes.",
    "An answer using Python's bare NaN or Infinity that also holds a string beginning U+E000 U+E001 then NaN, Infinity or -Infinity is read as not JSON (the stand-in strings those constants are parsed through).",
  ],
});
