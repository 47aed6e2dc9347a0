// The action space the reference defines (its tools.py): seven actuators and noop, their bounds,
// and the shape of each one's arguments. The shape (names, JSON types, required keys, no others)
// is checked before a call is played, a call that breaks it being a protocol violation; value
// bounds (ranges, enums) are the guardrail's, a call that breaks them being a scored rejection.

export const REGIMES = ["prb_exhaustion", "bursty", "interference", "prach_storm", "qos_competition"] as const;

export const PRB_MAX = 273;
export const MCS_MAX = 27;
export const POLICY_VALUES = ["PF", "RR", "MaxCI"] as const;
export const PRB_CAP_TARGETS = ["ue"] as const;
export const A3_OFFSET_DB_RANGE = [-24.0, 24.0] as const;
export const TTT_MS_VALUES = [0, 40, 64, 80, 100, 128, 160, 256, 320, 480, 512, 640, 1024, 1280, 2560, 5120] as const;
export const P0_DBM_RANGE = [-126.0, 23.0] as const;
export const ALPHA_VALUES = [0.0, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0] as const;

/** A JSON Schema type as the reference's validator reads it: an integer may be written 1.0, a number never true. */
export type ArgType = "integer" | "number" | "string" | "numberMap" | "emptyObject";

/** Each tool's arguments, all required, no others. */
export const TOOL_ARGUMENTS = {
  set_scheduler_policy: { cell_id: "integer", policy: "string" },
  set_prb_cap: { cell_id: "integer", target: "string", target_id: "integer", max_prb: "integer" },
  set_mcs_bounds: { cell_id: "integer", mcs_min: "integer", mcs_max: "integer", target_bler: "number" },
  // A map of 5QI to weight; its keys and their count are the guardrail's to judge.
  set_qos_weights: { cell_id: "integer", weights: "numberMap" },
  // slice_reservation declares no properties and forbids others: only {} has its shape.
  set_admission_policy: { cell_id: "integer", accept_threshold_pct: "number", slice_reservation: "emptyObject" },
  set_handover_trigger: { cell_id: "integer", a3_offset_db: "number", ttt_ms: "integer" },
  set_ul_power_control: { cell_id: "integer", p0_dbm: "number", alpha: "number" },
  noop: {},
} as const satisfies Record<string, Record<string, ArgType>>;

export type ToolName = keyof typeof TOOL_ARGUMENTS;
export const isToolName = (name: string): name is ToolName => Object.hasOwn(TOOL_ARGUMENTS, name);
