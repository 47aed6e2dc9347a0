// Grading an answer against the row's checks, as NeMo Gym's ifbench does: an instruction is
// followed strictly when the answer as written passes it, loosely when any non-blank loose
// variant does; a blank answer follows nothing. reward is from the strict list, reward_loose from
// the loose one: all-or-nothing (binary) or the share followed (fraction).
import { looseVariants } from "../../../shared/instructions/loose_variants.ts";
import type { Check } from "./task.ts";
import { strip } from "./text/python.ts";

export type Grade = {
  reward: number;
  follow_all_instructions: boolean;
  follow_instruction_list: boolean[];
  reward_loose: number;
  follow_all_instructions_loose: boolean;
  follow_instruction_list_loose: boolean[];
};

const score = (followed: boolean[], mode: "binary" | "fraction"): number =>
  mode === "binary" ? Number(followed.every(Boolean)) : followed.filter(Boolean).length / followed.length;

export function grade(checks: readonly Check[], text: string, mode: "binary" | "fraction"): Grade {
  const blank = strip(text) === "";
  const strict = checks.map(({ instruction, kwargs }) => !blank && instruction.check(text, kwargs));
  const loose = [...strict];
  // Variant by variant (the first is the answer itself), so checks that split the same variant
  // into sentences share the split.
  for (const variant of blank ? [] : looseVariants(text).slice(1)) {
    for (const [i, { instruction, kwargs }] of checks.entries()) if (!loose[i]) loose[i] = instruction.check(variant, kwargs);
  }
  return {
    reward: score(strict, mode),
    follow_all_instructions: strict.every(Boolean),
    follow_instruction_list: strict,
    reward_loose: score(loose, mode),
    follow_all_instructions_loose: loose.every(Boolean),
    follow_instruction_list_loose: loose,
  };
}
