// code_fim: a resources server, stateless (no session objects). The spliced program runs only in
// the sandbox the config names.
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";
import { SandboxSettings } from "../../../shared/sandbox/client.ts";
import { LIMIT_MAXIMA } from "../../../shared/sandbox/schema.ts";
import { SPLITS } from "../../../shared/datasets/human_eval_infilling/index.ts";

export const CodeFimConfig = ResourcesServerConfig.safeExtend({
  ...SandboxSettings.shape,
  /** The split whose task ids rows name (NeMo-Skills' default, random_span). */
  split: z.enum(SPLITS).default("random_span"),
  /** NeMo Gym's concurrency of checks; the sandbox bounds ours, so it is read and not used. */
  num_processes: z.number().int().positive().default(8),
  /** Seconds the spliced program may run (human_eval_infilling's check, as NeMo-Skills sets it). */
  timeout: z.number().positive().max(LIMIT_MAXIMA.wall_s / 4).default(3),
  /** Address space of the run, MiB (the reference sets no limit). */
  memory_mb: z.number().int().min(64).max(LIMIT_MAXIMA.memory_mb).default(4096),
});
export type CodeFimConfig = z.infer<typeof CodeFimConfig>;

/** The task fields of a row this server reads: the split's task id; prefix, suffix and test come from the split. */
export const Task = z.object({
  verifier_metadata: z.looseObject({ task_id: z.string().min(1) }),
});

export default resourcesServer({ task: Task, config: CodeFimConfig, stateful: false });
