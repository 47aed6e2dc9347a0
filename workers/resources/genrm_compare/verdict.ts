// Reading a GenRM's verdict: `{"score_1": 1-5, "score_2": 1-5, "ranking": 1-6}` somewhere in its
// answer, as the reference reads it: the first such object inside a ```json fence, else the last
// one anywhere (prose may surround it); `{"overall": {...}}` is unwrapped; a missing key takes the
// default. Values are read as Python's float() reads them (numbers, booleans, numeric strings).
export interface Verdict {
  score_1: number;
  score_2: number;
  ranking: number;
}

const FENCE = /```json\s*([\s\S]*?)\s*```/gi;
const PY_FLOAT = /^[+-]?(?:(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:e[+-]?\d+)?|inf(?:inity)?|nan)$/i;

function pyFloat(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return Number(value);
  if (typeof value !== "string" || !PY_FLOAT.test(value.trim())) return undefined;
  const text = value.trim().replaceAll("_", "").toLowerCase();
  if (text.endsWith("nan")) return Number.NaN;
  if (text.includes("inf")) return text.startsWith("-") ? -Infinity : Infinity;
  return Number(text);
}

/** Top-level `{...}` spans, by brace depth outside strings; an unclosed one is skipped past its brace. */
function objectSpans(text: string): string[] {
  const spans: string[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== "{") continue;
    let depth = 0;
    let inString = false;
    for (let j = i; j < text.length; j++) {
      const ch = text[j];
      if (inString) {
        if (ch === "\\") j++;
        else if (ch === '"') inString = false;
      } else if (ch === '"') inString = true;
      else if (ch === "{") depth++;
      else if (ch === "}" && --depth === 0) {
        spans.push(text.slice(i, j + 1));
        i = j;
        break;
      }
    }
  }
  return spans;
}

function tryVerdict(span: string, defaults: { score: number; ranking: number }): Verdict | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(span);
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return undefined;
  let fields = parsed as Record<string, unknown>;
  if (fields.overall !== null && typeof fields.overall === "object" && !Array.isArray(fields.overall)) fields = fields.overall as Record<string, unknown>;
  if (!("score_1" in fields || "score_2" in fields || "ranking" in fields)) return undefined;
  const read = (key: string, fallback: number) => (key in fields ? pyFloat(fields[key]) : fallback);
  const [score_1, score_2, ranking] = [read("score_1", defaults.score), read("score_2", defaults.score), read("ranking", defaults.ranking)];
  return score_1 === undefined || score_2 === undefined || ranking === undefined ? undefined : { score_1, score_2, ranking };
}

/** The verdict in a GenRM's answer, or undefined when there is none to read. */
export function readVerdict(output: string, defaults: { score: number; ranking: number }): Verdict | undefined {
  for (const fence of output.matchAll(FENCE)) {
    for (const span of objectSpans(fence[1]!)) {
      const verdict = tryVerdict(span, defaults);
      if (verdict) return verdict;
    }
  }
  let last: Verdict | undefined;
  for (const span of objectSpans(output)) last = tryVerdict(span, defaults) ?? last;
  return last;
}
