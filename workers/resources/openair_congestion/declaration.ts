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

export default resourcesServer({ task: Task, config: OpenAirConfig, stateful: true });
