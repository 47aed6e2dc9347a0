// format_verification: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { rowRegex } from "../../../shared/verifiers/row_regex.ts";
import { z } from "../../../shared/zod.ts";

// A pattern the row supplies, checked up front so a broken or backtracking one is a 400 naming it.
const Pattern = z.string().refine((p) => rowRegex(p) !== undefined, "not a regular expression this server runs (invalid, or it could backtrack without bound)");

/** Freeform formatting: lines matching any pattern are counted ("inline_prose" is graded the same way). */
export const RegexVerifier = z.looseObject({
  type: z.enum(["regex", "inline_prose"]),
  verify_regex: z.array(Pattern).optional(),
  verify_min_matches: z.number().int().optional(),
});

/** Citation format: every expected marker appears, and nothing the patterns find is a marker not expected. */
export const StringMatchVerifier = z.looseObject({
  type: z.literal("string_match"),
  expected_markers: z.array(z.string()).optional(),
  patterns: z.array(Pattern).optional(),
});

/**
 * The task fields of a row this server reads: the verifier's type picks the check. Absent lists are
 * empty and the threshold 1 (applied in verify, so the verifier is echoed as the row sent it).
 */
export const Task = z.object({
  verifier: z.discriminatedUnion("type", [RegexVerifier, StringMatchVerifier]),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "formatting only, as NeMo Gym's format_verification (instances `freeform_formatting` and `citation_format`; the row's `verifier.type` picks the check): `regex` (and `inline_prose`) rows count the reply's lines (split on \\n, each once) matching any of `verify_regex` (case-sensitive) against `verify_min_matches` (1 by default); `string_match` rows need every `expected_markers` string verbatim and no hit of `patterns` that is not an expected marker; `match_details` (`matching_lines`, `min_matches`, `passed`, or `expected`, `missing`, `spurious`, `passed`); a pattern that is not a regex or could backtrack without bound is a 400",
  reward: "0 / 1",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, stateful: false });
