// The two reply formats terminus_judge checks against (NeMo Gym's TERMINUS_1_SCHEMA and
// TERMINUS_2_SCHEMA, JSON Schemas with no extra fields allowed), as zod schemas, and what the
// checks after them read: the task-complete flag and the keystrokes.
import { z } from "../../../shared/zod.ts";

const Terminus1 = z.strictObject({
  state_analysis: z.string(),
  explanation: z.string(),
  commands: z.array(z.strictObject({ keystrokes: z.string(), is_blocking: z.boolean(), timeout_sec: z.number() })),
  is_task_complete: z.boolean(),
});

const Terminus2 = z.strictObject({
  analysis: z.string(),
  plan: z.string(),
  commands: z.array(z.strictObject({ keystrokes: z.string(), duration: z.number().optional() })),
  task_complete: z.boolean().optional(),
});

export const HARNESSES = { terminus_1: Terminus1, terminus_2: Terminus2 } as const;
export type Harness = keyof typeof HARNESSES;

export const isHarness = (name: unknown): name is Harness => typeof name === "string" && Object.hasOwn(HARNESSES, name);

type Reply = Record<string, unknown>;

/** When the gold reply says the task is complete (task_complete first, else is_task_complete), the candidate must say so too. */
export function taskCompleteAgrees(pred: Reply, expected: Reply): boolean {
  if (expected.task_complete) return Boolean(pred.task_complete);
  if (expected.is_task_complete) return Boolean(pred.is_task_complete);
  return true;
}

/** The keystrokes of a reply's commands, in order. */
export function keystrokes(reply: Reply): string[] {
  const commands = Array.isArray(reply.commands) ? (reply.commands as Reply[]) : [];
  return commands.flatMap((command) => (typeof command.keystrokes === "string" ? [command.keystrokes] : []));
}
