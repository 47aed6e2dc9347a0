// The gates, in order, over the reply's citations only (what the answer says is never read).
// Cite mode: a reply (not empty, no tool call), some answer outside the citation markup (a
// wrapped claim counts), no ID-shaped text outside well-formed citations and balanced tags, at
// least min_valid_citations IDs from valid_id_set, no ID outside it, and, when the row names
// expected_ids, all of them cited with at most expected_slack more. No-cite mode: no ID-shaped
// text and no citation markup at all.
import type { Verifier } from "./declaration.ts";
import { citationSpans, GRAMMARS, type Grammar, type Span } from "./grammars.ts";

/** Wider than any row's id_regex on purpose: a numeric-looking ID leaked on a random-ID row still counts as an attempt. */
const ATTEMPT = /citation_[A-Za-z0-9_:]+/i;
// Python's \w: letters, digits and numerals of any script, and the underscore.
const WORD = /[\p{L}\p{N}_]/u;
const DEFAULT_ID_REGEX = { full_source: "citation_[0-9]+", snippet: "citation_[0-9]+:snippet_[0-9]+" } as const;

// A type, not an interface: verify results need an index signature.
export type Verdict = {
  reward: number;
  match_details: Record<string, unknown>;
};

/** The text outside the spans (each span a space), keeping claim text when `keepClaims`. */
function outside(text: string, spans: readonly Span[], keepClaims: boolean): string {
  const pieces: string[] = [];
  let at = 0;
  for (const span of spans) {
    pieces.push(text.slice(at, span.start), " ");
    if (keepClaims && span.claim) pieces.push(text.slice(...span.claim), " ");
    at = span.end;
  }
  pieces.push(text.slice(at));
  return pieces.join("");
}

const count = (rx: RegExp, text: string): number => text.match(rx)?.length ?? 0;

function tagsBalanced(grammar: Grammar, text: string, spans: number): boolean {
  if (!grammar.tags) return true;
  return count(grammar.tags.open, text) === spans && count(grammar.tags.close, text) === spans;
}

export function scoreCitations(text: string, functionCalls: number, v: Verifier): Verdict {
  const grammarName = v.grammar ?? "";
  const grammar = Object.hasOwn(GRAMMARS, grammarName) ? GRAMMARS[grammarName] : undefined;
  if (!grammar) return { reward: 0, match_details: { gate_failed: "unknown_grammar", grammar: grammarName } };
  const mode = v.mode ?? "cite";
  const idKind = v.id_kind ?? "full_source";
  const idRegex = v.id_regex || DEFAULT_ID_REGEX[idKind];
  const valid = new Set(v.valid_id_set ?? []);
  const structuralOk = text.trim() !== "" && functionCalls === 0;

  const details = (gate: string | null, spans: readonly Span[], attemptHits: boolean, correctness?: { expected: string[] | null; missed: string[]; overCap: boolean }) => {
    const parsed = [...new Set(spans.flatMap((s) => s.ids))];
    const cited = parsed.filter((id) => valid.has(id));
    return {
      gate_failed: gate,
      mode,
      grammar: grammarName,
      id_kind: idKind,
      id_regex: idRegex,
      structural_ok: structuralOk,
      function_call_count: functionCalls,
      attempt_hits: attemptHits,
      bare_id_hits: attemptHits,
      parsed_ids: parsed,
      cited_ids: cited,
      valid_cited: cited,
      invalid_cited: parsed.filter((id) => !valid.has(id)),
      num_valid_cited: cited.length,
      expected_ids: correctness?.expected ?? null,
      missed_ids: correctness?.missed ?? [],
      over_cap: correctness?.overCap ?? false,
    };
  };
  const fail = (gate: string, spans: readonly Span[], attemptHits: boolean): Verdict => ({ reward: 0, match_details: details(gate, spans, attemptHits) });

  if (!structuralOk) return fail("structural", [], false);
  const spans = citationSpans(grammar, idRegex, text);
  const attemptHits = ATTEMPT.test(text);

  if (mode === "no_cite") {
    const markup = spans.length > 0 || (grammar.tags !== undefined && count(grammar.tags.open, text) > 0);
    const ok = !attemptHits && !markup;
    return { reward: ok ? 1 : 0, match_details: details(ok ? null : "no_cite", spans, attemptHits) };
  }

  if (!WORD.test(outside(text, spans, true))) return fail("no_answer", spans, attemptHits);
  if (ATTEMPT.test(outside(text, spans, false)) || !tagsBalanced(grammar, text, spans.length)) return fail("malformed_attempt", spans, attemptHits);
  const parsed = new Set(spans.flatMap((s) => s.ids));
  const cited = [...parsed].filter((id) => valid.has(id));
  if (cited.length < (v.min_valid_citations ?? 1)) return fail("must_cite", spans, attemptHits);
  if (cited.length < parsed.size) return fail("no_hallucination", spans, attemptHits);

  if (v.expected_ids == null) return { reward: 1, match_details: details(null, spans, attemptHits, { expected: null, missed: [], overCap: false }) };
  const expected = new Set(v.expected_ids);
  const missed = [...expected].filter((id) => !parsed.has(id)).sort();
  const overCap = cited.length > expected.size + (v.expected_slack ?? 1);
  const correctness = { expected: [...v.expected_ids], missed, overCap };
  const gate = missed.length > 0 ? "correctness_missed_gold" : overCap ? "correctness_over_cap" : null;
  return { reward: gate ? 0 : 1, match_details: details(gate, spans, attemptHits, correctness) };
}
