// The two checks. Row patterns are written for Python's re and searched case-sensitively; the
// `s` flag makes `.` match \r and the Unicode line separators as Python's `.` does (lines hold no \n).
import { rowRegex } from "../../../shared/verifiers/row_regex.ts";

// A type, not an interface: verify results need an index signature.
export type Verdict = {
  reward: number;
  match_details: Record<string, unknown>;
};

/** The row's pattern compiled for one search (the schema has already refused any it cannot run). */
const compile = (pattern: string, flags: string): RegExp => new RegExp(rowRegex(pattern)!.source, flags);

/** Lines (split on \n) matching any pattern, each counted once, against the row's threshold. */
export function countMatchingLines(text: string, patterns: readonly string[], minMatches: number): Verdict {
  const compiled = patterns.map((p) => compile(p, "s"));
  let matching = 0;
  for (const line of text.split("\n")) if (compiled.some((rx) => rx.test(line))) matching++;
  const passed = matching >= minMatches;
  return { reward: passed ? 1 : 0, match_details: { matching_lines: matching, min_matches: minMatches, passed } };
}

/** Every expected marker present verbatim; every pattern hit (left to right, non-overlapping) must be an expected marker. */
export function checkMarkers(text: string, expected: readonly string[], patterns: readonly string[]): Verdict {
  const missing = expected.filter((marker) => !text.includes(marker));
  const wanted = new Set(expected);
  const spurious: string[] = [];
  for (const pattern of patterns) {
    for (const hit of text.matchAll(compile(pattern, "gs"))) if (!wanted.has(hit[0])) spurious.push(hit[0]);
  }
  const passed = missing.length === 0 && spurious.length === 0;
  return { reward: passed ? 1 : 0, match_details: { expected: [...expected], missing, spurious, passed } };
}
