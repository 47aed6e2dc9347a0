// nvarc: a resources server, stateless (no session objects). Inductive replies' transform() runs
// only in the sandbox the config names; the expected grid stays here.
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";
import { SandboxSettings } from "../../../shared/sandbox/client.ts";
import { LIMIT_MAXIMA } from "../../../shared/sandbox/schema.ts";

/** Seconds the run may take beyond transform()'s own limit, as the reference waits for its subprocess. */
export const RUN_SLACK_S = 5;

export const NvarcConfig = ResourcesServerConfig.safeExtend({
  ...SandboxSettings.shape,
  /** "inductive": the reply is a program; anything else reads the reply as the grid (NeMo Gym's default, transductive). */
  agent_mode: z.string().default("transductive"),
  /** Seconds transform() may run (an alarm, as the reference's); the whole run gets RUN_SLACK_S more. */
  python_timeout_seconds: z.number().int().positive().max(LIMIT_MAXIMA.wall_s - RUN_SLACK_S).default(30),
  /** Address space of the run, MiB (the reference sets no limit; numpy and torch need room). */
  memory_mb: z.number().int().min(64).max(LIMIT_MAXIMA.memory_mb).default(4096),
});
export type NvarcConfig = z.infer<typeof NvarcConfig>;

const Grid = z.array(z.array(z.number().int()));
export type Grid = number[][];

/** The task fields of a row this server reads (NeMo Gym's, at the row's top level; others ride along). */
export const Task = z.object({
  train: z.array(z.looseObject({})).default([]),
  test_input: Grid.default([]),
  expected_output: Grid.default([]),
  task_id: z.string().nullish(),
  /** Overrides the config's agent_mode for this row. */
  agent_mode: z.string().nullish(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "ARC-AGI (NVARC) in two modes, `agent_mode` from the row or else the config (`nvarc_transductive_resources_server`, `nvarc_inductive_resources_server`). Transductive: the reply without its `<think>…</think>` spans is read as a grid as NeMo Gym's `Board.from_text` reads it (a `\\boxed{…}` span up to the text's last `}`; punctuation dropped, every word but a single digit dropped, rows by newline, all the same length). Inductive: the last ```` ```python ```` block (else the last bare block, else the text if it defines `transform`) runs in the sandbox (`sandbox_url`) under our harness with the reference's fences (refused imports and builtins), `transform(test_input)` under an alarm of `python_timeout_seconds` (the run gets 5 s more), numpy and torch results listed; only a run whose whole stdout is the one success line gives a grid, validated as pydantic's `list[list[int]]`; the expected grid never leaves the Worker. `predicted_output`, `extraction_successful`, `exact_match`, `agent_mode`, `expected_output`",
  reward: "0/1 (exact match)",
  answerKey: "`expected_output`",
};

export default resourcesServer({ catalogue, task: Task, config: NvarcConfig, stateful: false });
