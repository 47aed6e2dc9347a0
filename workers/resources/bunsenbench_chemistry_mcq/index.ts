// BunsenBench chemistry multiple choice: the reply names an option in <choice> tags (or an answer
// tag, \boxed{}, an "Answer:" label, "the answer is ..."), by letter or by its text as written;
// the latest stated choice that names an option must be the gold one. error_mode says why a
// rollout failed; source and the taxonomy fields come from the row or its metadata.
import declaration from "./declaration.ts";
import type { Choice } from "./declaration.ts";
import type { z } from "../../../shared/zod.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { joinedOutputText } from "../../../shared/verifiers/assistant_text.ts";
import { optionLetters } from "../../../shared/verifiers/option_letters.ts";
import { answerCandidates } from "./candidates.ts";
import { ERROR_MODES, errorMode } from "./error_mode.ts";
import { computeMetrics } from "./metrics.ts";
import { parseCandidate, stripWrappers, type Options } from "./parse.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

const firstString = (entry: Record<string, unknown>, keys: readonly string[]) => keys.map((k) => entry[k]).find((v) => v !== undefined && v !== null && v !== "" && v !== 0 && v !== false);

/** The row's options (null texts dropped), else its choices lettered by position (26 at most). */
function optionsOf(options: ReadonlyArray<Record<string, string | null>> | null | undefined, choices: ReadonlyArray<z.infer<typeof Choice>> | null | undefined): Options {
  if (options && options.length > 0) return options.map((o) => Object.fromEntries(Object.entries(o).filter((e): e is [string, string] => e[1] !== null)));
  return (choices ?? []).slice(0, 26).flatMap((choice, i) => {
    const fallback = String.fromCharCode(65 + i);
    if (typeof choice === "string") return [{ [fallback]: choice }];
    const letter = firstString(choice, ["letter", "label", "key", "id"]) ?? fallback;
    const text = firstString(choice, ["text", "content", "value", "choice"]);
    return typeof letter === "string" && typeof text === "string" && [...letter.trim()].length === 1 ? [{ [letter.trim().toUpperCase()]: text }] : [];
  });
}

/** The gold letter: a letter as given, else the option the expected text names, else the text upper-cased. */
function goldLetter(expected: string, options: Options): string {
  const letter = stripWrappers(expected).toUpperCase();
  if ([...letter].length === 1 && /\p{L}/u.test(letter)) return letter;
  return parseCandidate(expected, options, optionLetters(options)) ?? letter;
}

function extract(text: string, options: Options, letters: ReadonlySet<string>): string | null {
  // Latest position first (ties: the greater text first).
  const ordered = answerCandidates(text).sort(([p1, t1], [p2, t2]) => p2 - p1 || (t1 < t2 ? 1 : t1 > t2 ? -1 : 0));
  for (const [, candidate] of ordered) {
    const letter = parseCandidate(candidate, options, letters);
    if (letter !== null) return letter;
  }
  // Last resort: the last line with text, then the first, as a letter or an option's text.
  const lines = text.split(/\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/).map((l) => l.trim()).filter(Boolean);
  return lines.length > 0 ? (parseCandidate(lines.at(-1)!, options, letters) ?? parseCandidate(lines[0]!, options, letters)) : null;
}

const server = defineResourcesServer({
  declaration,
  tools: {},
  answerKey: "extracted_answer",
  computeMetrics,
  // NeMo Gym's mcqa headline plus pass@k accuracy and the error-mode shares.
  keyMetrics: [
    "mean/reward",
    { highestK: "pass@1[avg-of-{k}]", scores: ["accuracy", "no_answer"] },
    { highestK: "pass@{k}", scores: ["accuracy", "no_answer"] },
    { highestK: "majority@{k}", scores: ["accuracy"] },
    "pass@1/accuracy",
    "pass@1/no_answer",
    ...ERROR_MODES.map((mode) => `error_modes/${mode}`),
  ],
  verify(body) {
    const options = optionsOf(body.options, body.choices);
    const letters = optionLetters(options);
    const gold = goldLetter(body.expected_answer ?? "", options);
    if ([...gold].length === 1 && /\p{L}/u.test(gold)) letters.add(gold);
    const raw = joinedOutputText(body.response.output);
    const text = raw.trim();
    const predicted = text ? extract(text, options, letters) : null;
    const fromRow = (key: "bunsen_id" | "source" | "bct_field" | "bct_subfield") => body[key] ?? body.metadata?.[key] ?? null;
    return {
      reward: predicted !== null && predicted === gold ? 1 : 0,
      expected_answer: gold,
      extracted_answer: predicted,
      no_answer: predicted === null,
      error_mode: errorMode(body.response, raw, predicted, gold),
      bunsen_id: fromRow("bunsen_id"),
      source: fromRow("source"),
      bct_field: fromRow("bct_field"),
      bct_subfield: fromRow("bct_subfield"),
    };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
