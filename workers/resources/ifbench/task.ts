// The instructions a row sets, each with its kwargs checked against the instruction's schema, so
// a row NeMo Gym would grade with a random argument or a failing build (an unknown id, a missing
// or mistyped argument, a kwargs list of another length) is a 400 before any model call.
import type { z } from "../../../shared/zod.ts";
import { formatPath, invalidRequest, zodIssues } from "../../../shared/server/errors.ts";
import type { Issue } from "../../../shared/server/errors.ts";
import type { Instruction } from "../../../shared/instructions/instruction.ts";
import { safeParseExact } from "../../../shared/json/exact.ts";
import type { Task } from "./declaration.ts";
import { INSTRUCTIONS } from "./registry.ts";

export interface Check {
  instruction: Instruction;
  kwargs: unknown;
}

type Row = Pick<z.infer<typeof Task>, "instruction_id_list" | "kwargs">;

const withoutNulls = (kwargs: Record<string, unknown> | null): Record<string, unknown> =>
  Object.fromEntries(Object.entries(kwargs ?? {}).filter(([, value]) => value !== null));

/** The row's checks in order, or a 400 listing every problem with its field path. */
export function readChecks(row: Row): Check[] {
  const issues: Issue[] = [];
  if (row.kwargs.length !== row.instruction_id_list.length) {
    issues.push({ path: "kwargs", message: `has ${row.kwargs.length} entries but instruction_id_list has ${row.instruction_id_list.length}` });
  }
  const checks: Check[] = [];
  for (const [i, id] of row.instruction_id_list.entries()) {
    const instruction = Object.hasOwn(INSTRUCTIONS, id) ? INSTRUCTIONS[id] : undefined;
    if (!instruction) {
      issues.push({ path: formatPath(["instruction_id_list", i]), message: `unknown IFBench instruction id "${id}"` });
      continue;
    }
    if (i >= row.kwargs.length) continue;
    // NeMo also passes the row's prompt to an instruction whose arguments name `prompt`; no IFBench
    // instruction's do (the repeat:* ones take `prompt_to_repeat`), so the prompt is only echoed.
    const parsed = safeParseExact(instruction.kwargs, withoutNulls(row.kwargs[i]!));
    if (parsed.success) checks.push({ instruction, kwargs: parsed.data });
    else issues.push(...zodIssues(parsed.error, ["kwargs", i]));
  }
  if (issues.length > 0) throw invalidRequest(issues);
  return checks;
}
