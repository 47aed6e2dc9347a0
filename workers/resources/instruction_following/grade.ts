// Grading an answer against a task. Every instruction is checked strictly (IFEval's
// `check_following` on the answer as written), and loosely (followed by any of IFEval's loose
// variants of the answer). The reward is the strict result, as NeMo Gym's is; the loose lists are
// reported beside it for IFEval's loose accuracy.
import { looseVariants } from "../../../shared/instructions/loose_variants.ts";
import type { Task } from "./task.ts";

export interface Grade {
  reward: number;
  follow_all_instructions: boolean;
  follow_instruction_list: boolean[];
  follow_all_instructions_loose: boolean;
  follow_instruction_list_loose: boolean[];
}

export function grade(task: Task, text: string): Grade {
  const variants = looseVariants(text);
  const strict = task.checks.map(({ instruction, kwargs }) => instruction.check(text, kwargs));
  const loose = task.checks.map(({ instruction, kwargs }) => variants.some((variant) => instruction.check(variant, kwargs)));
  const followed = strict.filter(Boolean).length;
  const all = followed === strict.length;
  return {
    reward: task.gradingMode === "binary" ? Number(all) : followed / strict.length,
    follow_all_instructions: all,
    follow_instruction_list: strict,
    follow_all_instructions_loose: loose.every(Boolean),
    follow_instruction_list_loose: loose,
  };
}
