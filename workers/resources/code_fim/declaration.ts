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

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "HumanEval-Infilling fill-in-the-middle: the reply's last fenced block (```` ```python ```` preferred over a bare fence; an unclosed block is nothing; whitespace inside kept; text after `</think>`), one leading newline dropped and any repeat of the prefix's tail or the suffix's head cut (NeMo-Skills' `remove_overlap`), is spliced as the library does (`prefix + completion + suffix`, the task's test, `check(entry_point)`) and run in the sandbox (`sandbox_url`) by our harness: a forked child runs the program with its I/O swallowed and destructive calls disabled, under the `timeout` (3 s), and only a verdict it tags with a token drawn before the fork counts; no verdict is `timed out`. The four splits (`split`: `single_line`, `multi_line`, `random_span`, `random_span_light`) are bundled from the library's release (MIT), so rows name only `verifier_metadata.task_id`; `status` is the library's `passed`, `timed out` or `failed: <error>`, with NeMo Gym's `extracted_model_output`, `extracted_model_code`, `completion`, `passed`, `metadata` (null until reached; an id not in the split: `metadata.error`)",
  reward: "0/1",
  answerKey: "`completion`",
};

export default resourcesServer({ catalogue, task: Task, config: CodeFimConfig, stateful: false });
