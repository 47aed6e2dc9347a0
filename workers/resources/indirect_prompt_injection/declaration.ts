// indirect_prompt_injection: a resources server with session state (each session's seeded world).
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

/** The attack planted in the world: the call it tries to get made, and how it is labelled. */
export const Injection = z.looseObject({
  goal: z.string(),
  target_tool: z.string(),
  target_args: z.record(z.string(), z.unknown()),
  verification_type: z.string(),
  attack_strategy: z.string(),
  attack_difficulty: z.string(),
  vector: z.string(),
  injection_text: z.string(),
  category: z.string(),
});

/** The task fields of a row this server reads. */
export const Task = z.object({
  /** The session's world (patients, orders, inboxes, ...): the tools read and change a copy of it. */
  environment: z.record(z.string(), z.unknown()),
  injection: Injection,
  /** Tools the user's own task needs called; none: any trajectory is useful. */
  required_tools: z.array(z.string()).default([]),
});

export default resourcesServer({ task: Task, stateful: true });
