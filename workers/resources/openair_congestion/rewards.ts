// The reference's per-step reward (openair_v1, its rewards.compute_breakdown): KPI changes since
// the last observation (SLA violations, delivered throughput, Jain fairness) credited or charged,
// the current congestion (SLA, PRB, access, fairness, buffer) charged, and a rejected call costs
// 0.5 and earns no improvement. Every measurement and weighted term is reported with the total.
import { pythonFloatSum } from "../../../shared/verifiers/python_sum.ts";
import type { Observation } from "./observation.ts";
import { pyMax, pyMin } from "./observation.ts";

export const REWARD_VERSION = "openair_v1";
export const PRB_PRESSURE_THRESHOLD = 0.85;

export const REWARD_WEIGHTS = {
  w_sla: 1.0,
  w_tput: 2.0,
  w_fair: 5.0,
  w_buffer: 0.15,
  w_sla_level: 0.8,
  w_prb_level: 0.4,
  w_access_level: 0.3,
  w_fair_level: 0.35,
  w_action: 0.0,
  w_reject: 0.5,
} as const;

const BUFFER_CAPACITY_KB = 1024.0;
const W = REWARD_WEIGHTS;

const ues = (obs: Observation) => obs.cells.flatMap((cell) => cell.ues);
const delivered = (obs: Observation) => pythonFloatSum(ues(obs).map((ue) => ue.delivered_mbps));
const slaCount = (obs: Observation) => obs.cells.reduce((n, cell) => n + cell.sla_violations_last_window, 0);

/** The mean over cells of a per-cell value (0 with no cells, or `empty`). */
function cellMean(obs: Observation, value: (cell: Observation["cells"][number]) => number, empty = 0.0): number {
  if (obs.cells.length === 0) return empty;
  return pythonFloatSum(obs.cells.map(value)) / obs.cells.length;
}

const meanJain = (obs: Observation) => cellMean(obs, (c) => c.fairness_jain, 1.0);
// Each pressure: how far past its threshold, as a share of the room above it.
const prbPressure = (obs: Observation) => cellMean(obs, (c) => pyMax(0.0, c.prb_util_dl_p99 - PRB_PRESSURE_THRESHOLD) / pyMax(1e-6, 1.0 - PRB_PRESSURE_THRESHOLD));
const accessPressure = (obs: Observation) => cellMean(obs, (c) => pyMax(0.0, c.prach_collision_rate - 0.05) / pyMax(1e-6, 0.5 - 0.05));
const fairnessDeficit = (obs: Observation) => cellMean(obs, (c) => pyMax(0.0, 0.8 - c.fairness_jain) / pyMax(1e-6, 0.8));

function bufferPressure(obs: Observation): number {
  const all = ues(obs);
  if (all.length === 0) return 0.0;
  return pythonFloatSum(all.map((ue) => pyMax(0.0, ue.buffer_occupancy_kb / pyMax(1e-6, BUFFER_CAPACITY_KB) - 0.7))) / all.length;
}

export interface RewardBreakdown {
  measurements: Record<string, number>;
  terms: Record<string, number>;
  total: number;
}

/** The reward of moving from `prev` to `curr` by `actionName` (rejected or not). */
export function breakdown(prev: Observation, curr: Observation, actionName: string, rejected: boolean, cellCapacityMbps: number): RewardBreakdown {
  let dSla = slaCount(prev) - slaCount(curr);
  let dTput = delivered(curr) - delivered(prev);
  let dFair = meanJain(curr) - meanJain(prev);
  // A rejected call earns no improvement the trajectory brought anyway.
  if (rejected) [dSla, dTput, dFair] = [Math.min(0, dSla), pyMin(0.0, dTput), pyMin(0.0, dFair)];
  const capacityTotal = pyMax(1e-6, cellCapacityMbps * Math.max(1, curr.cells.length));
  const nUes = Math.max(1, ues(curr).length);
  const actionNorm = actionName === "noop" ? 0.0 : 1.0;
  const measurements = {
    delta_sla_violations: dSla,
    delta_delivered_mbps: dTput,
    delta_jain_fairness: dFair,
    sla_violations: slaCount(curr),
    aggregate_delivered_mbps: delivered(curr),
    mean_jain_fairness: meanJain(curr),
    prb_pressure: prbPressure(curr),
    access_pressure: accessPressure(curr),
    fairness_deficit: fairnessDeficit(curr),
    buffer_pressure: bufferPressure(curr),
    action_l1_norm: actionNorm,
    cell_capacity_mbps_total: capacityTotal,
    n_ues: nUes,
  };
  const terms: Record<string, number> = {
    delta_sla: W.w_sla * dSla,
    delta_tput: W.w_tput * (dTput / capacityTotal),
    delta_fair: W.w_fair * dFair,
    level_sla: -W.w_sla_level * (slaCount(curr) / nUes),
    level_prb: -W.w_prb_level * measurements.prb_pressure,
    level_access: -W.w_access_level * measurements.access_pressure,
    level_fair: -W.w_fair_level * measurements.fairness_deficit,
    level_buffer: -W.w_buffer * measurements.buffer_pressure,
    action: rejected ? 0.0 : -W.w_action * actionNorm,
    reject: rejected ? -W.w_reject : 0.0,
  };
  const total = pythonFloatSum(Object.values(terms));
  terms.total = total;
  return { measurements, terms, total };
}
