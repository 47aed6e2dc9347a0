// IHEval's rule-following tasks: IFEval's checks, strict on the reply and loose on its variants.
// The checks are instruction_following's; this is the one module that reaches into that server
// (they belong in shared/, see the report of issue 30).
import { INSTRUCTIONS } from "../../../shared/instructions/registry.ts";
import type { Instruction } from "../../../shared/instructions/instruction.ts";
import type { Issue } from "../../../shared/server/errors.ts";
import { formatPath, zodIssues } from "../../../shared/server/errors.ts";
import { safeParseExact } from "../../../shared/json/exact.ts";
import { pyStrip } from "../../../shared/verifiers/python_str.ts";
import type { Rules } from "./answer.ts";
import type { Scored } from "./scorers.ts";
import { looseVariants } from "./text.ts";

/** IFEval's own 25 instructions: IHEval's registry has no others (instruction_following's IFEvalG additions). */
const IFEVAL_IDS = new Set(
  [
    "keywords:existence keywords:frequency keywords:forbidden_words keywords:letter_frequency language:response_language",
    "length_constraints:number_sentences length_constraints:number_paragraphs length_constraints:number_words",
    "length_constraints:nth_paragraph_first_word detectable_content:number_placeholders detectable_content:postscript",
    "detectable_format:number_bullet_lists detectable_format:constrained_response detectable_format:number_highlighted_sections",
    "detectable_format:multiple_sections detectable_format:json_format detectable_format:title combination:two_responses",
    "combination:repeat_prompt startend:end_checker startend:quotation change_case:capital_word_frequency",
    "change_case:english_capital change_case:english_lowercase punctuation:no_comma",
  ].flatMap((ids) => ids.split(" ")),
);

interface Check {
  instruction: Instruction;
  kwargs: unknown;
}

/** The row's checks, or the problems with them (paths under `answer`); a missing kwargs entry means none. */
export function readChecks(rules: Rules): { checks: Check[]; issues: Issue[] } {
  const checks: Check[] = [];
  const issues: Issue[] = [];
  for (const [i, id] of rules.instruction_id_list.entries()) {
    const instruction = IFEVAL_IDS.has(id) ? INSTRUCTIONS[id] : undefined;
    if (!instruction) {
      issues.push({ path: formatPath(["answer", "instruction_id_list", i]), message: `unknown instruction id "${id}"` });
      continue;
    }
    // IFEval exports pad kwargs with nulls, which mean "not given".
    const given = Object.fromEntries(Object.entries(rules.kwargs[i] ?? {}).filter(([, v]) => v !== null));
    const parsed = safeParseExact(instruction.kwargs, given);
    if (parsed.success) checks.push({ instruction, kwargs: parsed.data });
    else issues.push(...zodIssues(parsed.error, ["answer", "kwargs", i]));
  }
  return { checks, issues };
}

/** Reward: the mean of prompt-level (all followed) and instruction-level (share followed) accuracy, strict and loose. A blank reply follows nothing. */
export function scoreRules(prediction: string, checks: Check[]): Scored {
  const variants = looseVariants(prediction).filter((variant) => pyStrip(variant) !== "");
  const blank = pyStrip(prediction) === "";
  const strict = checks.map(({ instruction, kwargs }) => !blank && instruction.check(prediction, kwargs));
  const loose = checks.map(({ instruction, kwargs }) => variants.some((variant) => instruction.check(variant, kwargs)));
  const n = checks.length;
  const [followedStrict, followedLoose] = [strict.filter(Boolean).length, loose.filter(Boolean).length];
  const [promptStrict, promptLoose] = [Number(followedStrict === n), Number(followedLoose === n)];
  const [instructionStrict, instructionLoose] = [followedStrict / n, followedLoose / n];
  return {
    reward: (promptStrict + promptLoose + instructionStrict + instructionLoose) / 4,
    prompt_strict: promptStrict,
    instruction_strict: instructionStrict,
    prompt_loose: promptLoose,
    instruction_loose: instructionLoose,
    instruction_followed_strict: followedStrict,
    instruction_followed_loose: followedLoose,
    instruction_total: n,
  };
}
