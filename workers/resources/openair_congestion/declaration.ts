// openair_congestion (NeMo Gym's name): an episode server (reset/step) for 5G congestion control on
// the reference's synthetic `replay` backend, each episode kept in the session's own SessionDO.
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";
import { REGIMES } from "./tools.ts";

const positiveInt = z.number().int().min(1);

export const OpenAirConfig = ResourcesServerConfig.safeExtend({
  // `dataset_replay` serves recorded next states whatever the action (the reference marks it
  // diagnostic-only); only the causal `replay` backend is bundled.
  backend: z.literal("replay", { error: "only backend: replay is bundled (dataset_replay is the reference's diagnostic-only backend and is not)" }).default("replay"),
  /**
   * The reference's number of concurrent episode slots. Each episode here lives in its own
   * session's Durable Object, so there is no shared pool to exhaust: accepted and checked, not a limit.
   */
  pool_size: positiveInt.default(32),
  /** A row's horizon when it gives no max_steps. */
  max_steps_default: positiveInt.default(60),
  /** The agent's turn budget: a row's horizon is capped at it, so the episode ends when the agent stops. */
  agent_max_steps: positiveInt.default(16),
  /** An episode idle for longer is gone (a later step: 409); the session's own expiry frees its storage. */
  session_ttl_s: z.number().positive().finite().default(3600),
  /** Added to the noop transition a protocol violation (no, several, or a malformed call) advances by. */
  protocol_violation_penalty: z.number().finite().negative().default(-1.0),
});
export type OpenAirConfig = z.infer<typeof OpenAirConfig>;

/** Regime weights in [0, 1] over the reference's five regimes, summing to 1 (within 1e-3) with one above 0. */
const RegimeMix = z
  .partialRecord(z.enum(REGIMES), z.number().min(0).max(1))
  .refine((mix) => Object.keys(mix).length === 0 || Object.values(mix).some((w) => w! > 0), "regime_mix must contain at least one positive weight")
  .refine((mix) => Object.keys(mix).length === 0 || Math.abs(Object.values(mix).reduce((a, b) => a! + b!, 0)! - 1) <= 1e-3, "regime_mix must sum to 1.0");

/** The task fields of a row this server reads (those NeMo Gym's openair_congestion passes to its backend). */
export const Task = z.object({
  /** Seeds the KPI trajectory (NumPy's default_rng). */
  seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullish(),
  /** Offered load: 0 well below capacity, 1 well above. */
  difficulty: z.number().min(0).max(1).nullish(),
  /** Empty or absent: the reference's default mix (prb_exhaustion 0.6, bursty 0.4). */
  regime_mix: RegimeMix.nullish(),
  /** Evaluator metadata, echoed in the reset info; never shown to the model. */
  scenario_id: z.string().nullish(),
  /** The topology: only the reference's `replay` tier (2 cells, 4 UEs). */
  tier: z.literal("replay").nullish(),
  /** The horizon, capped at the config's agent_max_steps. */
  max_steps: positiveInt.nullish(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "(NeMo Gym's names, `openair_congestion` and `openair_congestion_gymnasium_agent`) episode server: 5G RAN congestion control on the reference's synthetic `replay` backend (2 cells, 2 UEs each; offered load from the row's `difficulty` and `regime_mix`, telemetry drawn from NumPy's generator seeded by `seed`, bit for bit); each turn exactly one of eight tool calls (seven actuators or `noop`), its arguments read as Python's json.loads reads them and checked for shape; a well-formed call is checked by the reference's guardrail (ranges, topology, catastrophic values, an identical call within 2 steps) and, accepted, sets a persistent setpoint that biases the following telemetry (PRB caps solved jointly per cell, admission dropping UEs); no call, several, or a malformed or unknown one advances as `noop` plus `protocol_violation_penalty` (−1.0); the horizon is the row's `max_steps` capped at `agent_max_steps` (16); the next observation echoes the call and its reward as Python prints them. `dataset_replay` (the reference's diagnostic-only backend) is not bundled: a config asking for it is refused at start",
  reward: "per step, the reference's `openair_v1` KPI reward: credit for fewer SLA violations, more delivered throughput and fairer cells since the last step, charges for current SLA, PRB, access, fairness and buffer pressure, −0.5 for a rejected call (which earns no improvement); measurements and terms in `info`; the agent sums the steps",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, config: OpenAirConfig, stateful: true });
