// inverse_if's verdict, read as the reference reads it: the judge is asked for
// {"result": "PASS"/"FAIL", "explanation": ...}. Tried in order: the first fenced JSON block, the
// first JSON object holding a PASS/FAIL "result", then PASS or FAIL written on one of the last five
// lines (the last such line; PASS first within it). A reply with none of these is FAIL: the
// reference's score for an unreadable reply, so it is a verdict, flagged unreadable.
export type PassFail = "PASS" | "FAIL";

export interface Verdict {
  verdict: PassFail;
  explanation: string;
  /** False when no strategy found a verdict (scored FAIL, as the reference does). */
  readable: boolean;
}

const FENCED = /```(?:json)?\s*(\{[\s\S]*?\})\s*```/;
const RESULT_OBJECT = /\{[^{}]*"result"\s*:\s*"(PASS|FAIL)"[^{}]*\}/i;

/** The verdict of a JSON object's "result" (PASS or FAIL, any case, padded), with its explanation. */
function fromJson(text: string): Verdict | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return undefined;
  const { result, explanation } = parsed as Record<string, unknown>;
  const verdict = typeof result === "string" ? result.toUpperCase().trim() : undefined;
  if (verdict !== "PASS" && verdict !== "FAIL") return undefined;
  return { verdict, explanation: typeof explanation === "string" ? explanation : "", readable: true };
}

/** The verdict of the first fenced JSON block, else of the first JSON object holding a PASS/FAIL result. */
function fromObjects(text: string): Verdict | undefined {
  const fenced = FENCED.exec(text);
  const inFence = fenced ? fromJson(fenced[1]!) : undefined;
  if (inFence) return inFence;
  const object = RESULT_OBJECT.exec(text);
  return object ? fromJson(object[0]) : undefined;
}

export function readVerdict(text: string): Verdict {
  const found = fromObjects(text);
  if (found) return found;
  for (const line of text.trim().split("\n").slice(-5).reverse()) {
    const upper = line.trim().toUpperCase();
    if (upper.includes("PASS")) return { verdict: "PASS", explanation: "", readable: true };
    if (upper.includes("FAIL")) return { verdict: "FAIL", explanation: "", readable: true };
  }
  return { verdict: "FAIL", explanation: "", readable: false };
}
