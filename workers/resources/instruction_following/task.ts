// The task a row sets: which instructions, with which kwargs, graded how. NeMo Gym's current
// rows keep these under `verifier_metadata`; older rows keep them at the top level. Both are read,
// verifier_metadata winning field by field (NeMo's migration), and everything is checked against
// the registry before a rollout starts, so a bad row is a 400 that names the field as written.
import { z } from "../../../shared/zod.ts";
import { formatPath, invalidRequest, zodIssues } from "../../../shared/server/errors.ts";
import type { Issue } from "../../../shared/server/errors.ts";
import type { Instruction } from "../../../shared/instructions/instruction.ts";
import { INSTRUCTIONS } from "../../../shared/instructions/registry.ts";
import { safeParseExact } from "../../../shared/json/exact.ts";

/** binary: 1 only when every instruction is followed; fraction: the share followed. */
export const GradingMode = z.enum(["binary", "fraction"]);

const Kwargs = z.record(z.string(), z.unknown()).nullable();
const METADATA = {
  instruction_id_list: z.array(z.string()).min(1),
  prompt: z.string(),
  /** One object per instruction; null, and null-valued keys, mean "not given" (HF exports pad with them). */
  kwargs: z.array(Kwargs),
  grading_mode: GradingMode,
};
const Metadata = z.looseObject(METADATA).partial();

export const TaskFields = z.object({
  id: z.number().int(),
  verifier_metadata: Metadata.nullish(),
  instruction_id_list: METADATA.instruction_id_list.nullish(),
  prompt: METADATA.prompt.nullish(),
  kwargs: METADATA.kwargs.nullish(),
  grading_mode: METADATA.grading_mode.nullish(),
});
type TaskFields = z.infer<typeof TaskFields>;

export interface Check {
  instruction: Instruction;
  kwargs: unknown;
}

export interface Task {
  checks: Check[];
  gradingMode: z.infer<typeof GradingMode>;
  /** The resolved fields as NeMo Gym echoes them back. */
  metadata: { instruction_id_list: string[]; prompt: string; kwargs: z.infer<typeof Kwargs>[]; grading_mode: z.infer<typeof GradingMode> };
}

type Field = keyof typeof METADATA;

function pick<F extends Field>(row: TaskFields, field: F): { value: NonNullable<TaskFields[F]>; path: PropertyKey[] } | undefined {
  const nested = row.verifier_metadata?.[field];
  if (nested != null) return { value: nested as NonNullable<TaskFields[F]>, path: ["verifier_metadata", field] };
  const top = row[field];
  return top != null ? { value: top as NonNullable<TaskFields[F]>, path: [field] } : undefined;
}

const withoutNulls = (kwargs: Record<string, unknown> | null) => Object.fromEntries(Object.entries(kwargs ?? {}).filter(([, v]) => v !== null));

/** The row's task, or a 400 listing every problem with its field path. */
export function readTask(row: TaskFields): Task {
  const issues: Issue[] = [];
  const required = <F extends Field>(field: F) => {
    const found = pick(row, field);
    if (!found) issues.push({ path: `verifier_metadata.${field}`, message: "required (in verifier_metadata, or at the top level in the legacy row shape)" });
    return found;
  };
  const ids = required("instruction_id_list");
  const prompt = required("prompt");
  const kwargs = required("kwargs");
  const checks: Check[] = [];
  if (ids && kwargs) {
    if (kwargs.value.length !== ids.value.length) {
      issues.push({ path: formatPath(kwargs.path), message: `has ${kwargs.value.length} entries but instruction_id_list has ${ids.value.length}` });
    }
    for (const [i, id] of ids.value.entries()) {
      const instruction = Object.hasOwn(INSTRUCTIONS, id) ? INSTRUCTIONS[id] : undefined;
      if (!instruction) {
        issues.push({ path: formatPath([...ids.path, i]), message: `unknown instruction id "${id}"` });
        continue;
      }
      if (i >= kwargs.value.length) continue;
      const parsed = safeParseExact(instruction.kwargs, withoutNulls(kwargs.value[i]!));
      if (parsed.success) checks.push({ instruction, kwargs: parsed.data });
      else issues.push(...zodIssues(parsed.error, [...kwargs.path, i]));
    }
  }
  if (issues.length > 0 || !ids || !prompt || !kwargs) throw invalidRequest(issues);
  const gradingMode = pick(row, "grading_mode")?.value ?? "binary";
  return {
    checks,
    gradingMode,
    metadata: { instruction_id_list: ids.value, prompt: prompt.value, kwargs: kwargs.value, grading_mode: gradingMode },
  };
}
