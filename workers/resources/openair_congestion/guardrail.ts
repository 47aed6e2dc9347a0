// The reference's guardrail: a well-formed call whose values are unsafe or out of range is
// rejected (and scored as rejected) instead of played. Its checks, in its order, with its reasons
// word for word (they are shown to the model in the next observation).
import { pyReprStr } from "../../../shared/json/python_text.ts";
import { pyFloatRepr } from "../../../shared/verifiers/python_float_repr.ts";
import { pyIntOfText, pyRepr } from "./arguments.ts";
import type { PyValue, ToolCall } from "./arguments.ts";
import { A3_OFFSET_DB_RANGE, ALPHA_VALUES, MCS_MAX, P0_DBM_RANGE, POLICY_VALUES, PRB_CAP_TARGETS, PRB_MAX, TTT_MS_VALUES } from "./tools.ts";

/** An accepted call of the episode, for the identical-repeat check. */
export interface HistoryEntry {
  name: string;
  /** equalityKey of its arguments. */
  key: string;
  t_s: number;
}

export interface Topology {
  nCells: number;
  ueIdsByCell: Map<number, number[]>;
}

/** An identical accepted call this recent (in steps, one a second) is rejected. */
export const RATE_LIMIT_S = 2.0;

const tuple = (values: readonly (string | number)[], float = false) =>
  `(${values.map((v) => (typeof v === "string" ? pyReprStr(v) : float ? pyFloatRepr(v) : String(v))).join(", ")}${values.length === 1 ? "," : ""})`;

const isInt = (v: PyValue | undefined): v is bigint => typeof v === "bigint";
const isNumber = (v: PyValue | undefined): v is bigint | number => typeof v === "bigint" || typeof v === "number";
const repr = (v: PyValue | undefined) => (v === undefined ? "None" : pyRepr(v));
const within = (v: bigint | number, lo: number, hi: number) => Number(v) >= lo && Number(v) <= hi;

/** The reason the call is rejected, or undefined when it may be played. */
export function rejection(call: ToolCall, key: string, topology: Topology, history: readonly HistoryEntry[], nowS: number): string | undefined {
  const { name } = call;
  if (name === "noop") return undefined;
  const args = call.arguments;
  const cellId = args.get("cell_id");
  if (!isInt(cellId) || cellId < 0n || cellId >= BigInt(topology.nCells)) return `${name}: cell_id=${repr(cellId)} out of range [0,${topology.nCells})`;
  const reason = toolRejection(call, Number(cellId), topology);
  if (reason) return reason;
  for (let i = history.length - 1; i >= 0; i--) {
    const entry = history[i]!;
    if (entry.t_s < nowS - RATE_LIMIT_S) break;
    if (entry.name === name && entry.key === key) return `${name}: identical-action repeat within ${RATE_LIMIT_S}s window`;
  }
  return undefined;
}

function toolRejection({ name, arguments: args }: ToolCall, cellId: number, topology: Topology): string | undefined {
  switch (name) {
    case "set_scheduler_policy": {
      const policy = args.get("policy");
      if (!(POLICY_VALUES as readonly PyValue[]).includes(policy!)) return `set_scheduler_policy: policy=${repr(policy)} not in ${tuple(POLICY_VALUES)}`;
      return undefined;
    }
    case "set_prb_cap": {
      const target = args.get("target");
      if (!(PRB_CAP_TARGETS as readonly PyValue[]).includes(target!)) return `set_prb_cap: target=${repr(target)} not in ${tuple(PRB_CAP_TARGETS)}`;
      const targetId = args.get("target_id");
      const valid = topology.ueIdsByCell.get(cellId) ?? [];
      if (!isInt(targetId) || !valid.includes(Number(targetId))) {
        return `set_prb_cap: target_id=${repr(targetId)} not present in cell ${cellId}; valid ids=[${[...valid].sort((a, b) => a - b).join(", ")}]`;
      }
      const maxPrb = args.get("max_prb");
      if (!isInt(maxPrb) || !within(maxPrb, 0, PRB_MAX)) return `set_prb_cap: max_prb=${repr(maxPrb)} out of [0,${PRB_MAX}]`;
      if (maxPrb === 0n) return `set_prb_cap: max_prb=0 starves the ${target as string} entirely (catastrophic)`;
      return undefined;
    }
    case "set_mcs_bounds": {
      const [min, max] = [args.get("mcs_min"), args.get("mcs_max")];
      for (const [label, value] of [["mcs_min", min], ["mcs_max", max]] as const) {
        if (!isInt(value) || !within(value, 0, MCS_MAX)) return `set_mcs_bounds: ${label}=${repr(value)} out of [0,${MCS_MAX}]`;
      }
      if ((min as bigint) > (max as bigint)) return `set_mcs_bounds: mcs_min (${min}) > mcs_max (${max})`;
      if (max === 0n) return "set_mcs_bounds: mcs_max=0 zeroes throughput (catastrophic)";
      const bler = args.get("target_bler");
      if (!isNumber(bler) || !within(bler, 0, 0.5)) return `set_mcs_bounds: target_bler=${repr(bler)} out of [0,0.5]`;
      return undefined;
    }
    case "set_qos_weights": {
      const weights = args.get("weights");
      if (!(weights instanceof Map) || weights.size === 0) return "set_qos_weights: weights must be a non-empty mapping";
      for (const [k, v] of weights) {
        const qos = pyIntOfText(k);
        if (qos === undefined) return `set_qos_weights: 5QI key ${pyReprStr(k)} not an integer`;
        if (qos < 1n || qos > 127n) return `set_qos_weights: 5QI ${qos} out of [1,127]`;
        if (!isNumber(v) || !within(v, 0, 10)) return `set_qos_weights[${qos}]: weight=${repr(v)} out of [0,10]`;
      }
      if ([...weights.values()].every((v) => Number(v) === 0)) return "set_qos_weights: all weights zero (catastrophic)";
      return undefined;
    }
    case "set_admission_policy": {
      // slice_reservation is {} by its shape (checked before the guardrail), so only the threshold is left.
      const accept = args.get("accept_threshold_pct");
      if (!isNumber(accept) || !within(accept, 0, 100)) return `set_admission_policy: accept_threshold_pct=${repr(accept)} out of [0,100]`;
      if (Number(accept) <= 0) return "set_admission_policy: accept_threshold_pct=0 rejects all admissions (catastrophic)";
      return undefined;
    }
    case "set_handover_trigger": {
      const [a3, ttt] = [args.get("a3_offset_db"), args.get("ttt_ms")];
      if (!isNumber(a3) || !within(a3, ...A3_OFFSET_DB_RANGE)) return `set_handover_trigger: a3_offset_db=${repr(a3)} out of ${tuple(A3_OFFSET_DB_RANGE, true)}`;
      if (!isInt(ttt) || !(TTT_MS_VALUES as readonly number[]).includes(Number(ttt))) return `set_handover_trigger: ttt_ms=${repr(ttt)} not in 38.331 set`;
      return undefined;
    }
    case "set_ul_power_control": {
      const [p0, alpha] = [args.get("p0_dbm"), args.get("alpha")];
      if (!isNumber(p0) || !within(p0, ...P0_DBM_RANGE)) return `set_ul_power_control: p0_dbm=${repr(p0)} out of ${tuple(P0_DBM_RANGE, true)}`;
      if (!isNumber(alpha) || !(ALPHA_VALUES as readonly number[]).includes(Number(alpha))) return `set_ul_power_control: alpha=${repr(alpha)} not in ${tuple(ALPHA_VALUES, true)}`;
      return undefined;
    }
  }
}
