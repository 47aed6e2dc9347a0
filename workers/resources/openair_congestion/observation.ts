// The KPI observations of the reference's replay backend (its env.py and replay_env.py): a fixed
// topology of 2 cells with 2 UEs each, whose offered load the row's difficulty and regime mix set;
// each step's telemetry drawn from NumPy's generator seeded by the row's seed; then the derived
// KPIs and the clamping every observation goes through. Field names are the reference's.
import { defaultRng } from "../../../shared/random/numpy_generator.ts";
import type { NumpyGenerator } from "../../../shared/random/numpy_generator.ts";
import { pythonFloatSum } from "../../../shared/verifiers/python_sum.ts";

export interface Ue {
  ue_id: number;
  offered_mbps: number;
  delivered_mbps: number;
  bler: number;
  mcs_mean: number;
  sinr_db: number;
  buffer_occupancy_kb: number;
  pdb_violations: number;
  qos_5qi: number;
}

export interface Cell {
  cell_id: number;
  prb_util_dl_p50: number;
  prb_util_dl_p99: number;
  prb_util_ul_p50: number;
  sched_latency_ms_p99: number;
  rrc_connected_ues: number;
  prach_collision_rate: number;
  fairness_jain: number;
  sla_violations_last_window: number;
  ues: Ue[];
}

export interface Observation {
  t_s: number;
  cells: Cell[];
}

export type CellField = Exclude<keyof Cell, "ues" | "cell_id">;
export type UeField = Exclude<keyof Ue, "ue_id">;

/** What a row fixes for the whole episode. */
export interface Scenario {
  difficulty: number;
  regimeMix: Record<string, number>;
  /** Per cell, per UE: the offered load (Mbps) and the 5QI. */
  offered: number[][];
  qos: number[][];
  capacityMbps: number;
}

const N_CELLS = 2;
const N_UES = 4;
export const CELL_CAPACITY_MBPS = 60.0;
const DEFAULT_MIX = { prb_exhaustion: 0.6, bursty: 0.4 };

// Python's max and min of two: the first unless the second is strictly beyond it (so the sign of
// a zero is Python's too, as it shows when formatted).
export const pyMax = (a: number, b: number) => (b > a ? b : a);
export const pyMin = (a: number, b: number) => (b < a ? b : a);
export const clip = (value: number, lo: number, hi: number) => pyMax(lo, pyMin(hi, value));
export const weightOf = (scenario: Scenario, regime: string) => scenario.regimeMix[regime] ?? 0;

export function sampleScenario(difficulty: number, regimeMix: Record<string, number> | undefined): Scenario {
  const mix = regimeMix && Object.keys(regimeMix).length > 0 ? regimeMix : DEFAULT_MIX;
  const scenario: Scenario = { difficulty, regimeMix: mix, offered: [], qos: [], capacityMbps: CELL_CAPACITY_MBPS };
  const w = (regime: string) => weightOf(scenario, regime);
  const perCell = N_UES / N_CELLS;
  for (let cell = 0; cell < N_CELLS; cell++) {
    // Medium and high difficulty oversubscribe the cell; the regimes add their own pressure.
    let loadRatio = 0.55 + 0.7 * clip(difficulty, 0, 1);
    loadRatio += 0.15 * w("prb_exhaustion");
    loadRatio += 0.08 * w("bursty");
    loadRatio += 0.03 * w("qos_competition");
    const perUe = (CELL_CAPACITY_MBPS * loadRatio) / perCell;
    const qosWeight = w("qos_competition");
    scenario.offered.push([]);
    scenario.qos.push([]);
    for (let ue = 0; ue < perCell; ue++) {
      // Alternating demand and classes make QoS competition visible, the cell's total unchanged.
      const skew = qosWeight > 0 ? (ue % 2 === 0 ? 0.6 : 1.4) : 1.0;
      scenario.offered[cell]!.push(perUe * (1.0 + qosWeight * (skew - 1.0)));
      scenario.qos[cell]!.push(qosWeight > 0 && ue % 2 === 0 ? 1 : 9);
    }
  }
  return scenario;
}

/** Jain's index as the observation builder computes it (an all-idle cell is fair). */
function jain(values: number[]): number {
  if (values.length === 0 || values.every((v) => v <= 0)) return 1.0;
  const s = pythonFloatSum(values);
  return (s * s) / pyMax(1e-9, values.length * pythonFloatSum(values.map((v) => v * v)));
}

/** Jain's index as the dynamics compute it, clipped to [0, 1]. */
export function jainFairness(values: number[]): number {
  if (values.length === 0) return 1.0;
  const total = pythonFloatSum(values);
  const squared = pythonFloatSum(values.map((v) => v * v));
  if (squared <= 1e-12) return 1.0;
  return clip((total * total) / (values.length * squared), 0.0, 1.0);
}

/** One step's telemetry: each cell's PRB use, then each of its UEs' delivery, SINR and BLER, in that draw order. */
function snapshot(rng: NumpyGenerator, scenario: Scenario, t: number): Observation {
  const sub = defaultRng(rng.randomRaw());
  const capacity = pyMax(1.0, scenario.capacityMbps);
  const interference = weightOf(scenario, "interference");
  const prachWeight = clip(weightOf(scenario, "prach_storm"), 0, 1);
  const cells = scenario.offered.map((offered, cellId): Cell => {
    let offeredTotal = 0.0;
    for (const o of offered) offeredTotal += o;
    const loadRatio = offeredTotal / capacity;
    const prb = clip(loadRatio + sub.normal(0.0, 0.04), 0.0, 1.0);
    const attenuation = loadRatio > 1.0 ? 1.0 / loadRatio : 1.0;
    const ues = offered.map((o, ueId): Ue => {
      let delivered = clip(o * attenuation + sub.normal(0.0, 0.5), 0.0, o);
      let sinr = 8.0 + 2.0 * ueId + sub.normal(0.0, 1.5);
      let bler = clip(0.05 + 0.1 * prb + sub.normal(0.0, 0.02), 0.0, 1.0);
      if (interference > 0.0) {
        // Interference as KPI pressure, heavier on every other UE.
        const strength = interference * (ueId % 2 === 0 ? 1.0 : 0.5);
        delivered = pyMax(0.0, delivered * (1.0 - 0.55 * strength));
        sinr -= 12.0 * strength;
        bler = clip(bler + 0.22 * strength, 0.0, 1.0);
      }
      const buffer = pyMax(0.0, (o - delivered) * 50.0);
      return {
        ue_id: ueId,
        offered_mbps: o,
        delivered_mbps: delivered,
        bler: pyMax(0.0, pyMin(1.0, bler)),
        mcs_mean: pyMax(0.0, pyMin(27.0, (pyMax(sinr, -10.0) + 5.0) * 1.2)),
        sinr_db: pyMax(-20.0, pyMin(40.0, sinr)),
        buffer_occupancy_kb: buffer,
        pdb_violations: buffer > 500.0 ? 1 : 0,
        qos_5qi: scenario.qos[cellId]![ueId]!,
      };
    });
    const p50 = pyMax(0.0, pyMin(1.0, prb));
    const p99 = pyMax(p50, pyMin(1.0, p50 * 1.15 + 0.02));
    // Collisions grow past 8 connected UEs; a PRACH storm adds the arrivals its difficulty plans.
    let prach = ues.length < 8 ? 0.0 : pyMin(0.5, 0.01 * (ues.length - 8) ** 2);
    if (prachWeight > 0.0) {
      const planned = Math.trunc(8 + 24 * scenario.difficulty);
      prach = pyMax(prach, prachWeight * pyMin(0.5, 0.01 * Math.max(0, planned - 8) ** 2));
    }
    return {
      cell_id: cellId,
      prb_util_dl_p50: p50,
      prb_util_dl_p99: p99,
      prb_util_ul_p50: pyMax(0.0, pyMin(1.0, p50 * 0.4)),
      sched_latency_ms_p99: 5.0 + 20.0 * p99,
      rrc_connected_ues: ues.length,
      prach_collision_rate: prach,
      fairness_jain: jain(ues.map((ue) => ue.delivered_mbps)),
      sla_violations_last_window: ues.filter((ue) => ue.pdb_violations > 0).length,
      ues,
    };
  });
  return clamp({ t_s: t, cells }, scenario.capacityMbps);
}

/** The episode's action-blind observations, steps 0..n-1, drawn in order from the seed. */
export function buildTrajectory(seed: number, scenario: Scenario, n: number): Observation[] {
  const rng = defaultRng(seed);
  return Array.from({ length: n }, (_, t) => snapshot(rng, scenario, t));
}

/**
 * Every field into its range (in place), and delivery capped at the cell's capacity: when a
 * cell's UEs deliver more in all, each is scaled down and the KPIs derived from delivery recomputed.
 */
export function clamp(obs: Observation, cellCapacityMbps: number): Observation {
  const capacity = pyMax(1e-6, cellCapacityMbps);
  for (const cell of obs.cells) {
    cell.prb_util_dl_p50 = clip(cell.prb_util_dl_p50, 0.0, 1.0);
    cell.prb_util_dl_p99 = pyMax(cell.prb_util_dl_p50, clip(cell.prb_util_dl_p99, 0.0, 1.0));
    cell.prb_util_ul_p50 = clip(cell.prb_util_ul_p50, 0.0, 1.0);
    cell.sched_latency_ms_p99 = pyMax(0.0, cell.sched_latency_ms_p99);
    cell.rrc_connected_ues = Math.max(0, Math.min(24, cell.rrc_connected_ues));
    cell.prach_collision_rate = clip(cell.prach_collision_rate, 0.0, 1.0);
    cell.fairness_jain = clip(cell.fairness_jain, 0.0, 1.0);
    let sla = 0;
    for (const ue of cell.ues) {
      ue.offered_mbps = pyMax(0.0, ue.offered_mbps);
      ue.delivered_mbps = clip(ue.delivered_mbps, 0.0, ue.offered_mbps);
      ue.bler = clip(ue.bler, 0.0, 1.0);
      ue.mcs_mean = clip(ue.mcs_mean, 0.0, 27.0);
      ue.sinr_db = clip(ue.sinr_db, -20.0, 40.0);
      ue.buffer_occupancy_kb = pyMax(0.0, ue.buffer_occupancy_kb);
      ue.pdb_violations = ue.buffer_occupancy_kb > 500.0 ? 1 : 0;
      sla += ue.pdb_violations;
    }
    const delivered = pythonFloatSum(cell.ues.map((ue) => ue.delivered_mbps));
    if (delivered > capacity + 1e-12) {
      const scale = capacity / delivered;
      sla = 0;
      for (const ue of cell.ues) {
        ue.delivered_mbps *= scale;
        ue.buffer_occupancy_kb = pyMax(0.0, (ue.offered_mbps - ue.delivered_mbps) * 50.0);
        ue.pdb_violations = ue.buffer_occupancy_kb > 500.0 ? 1 : 0;
        sla += ue.pdb_violations;
      }
      cell.fairness_jain = jainFairness(cell.ues.map((ue) => ue.delivered_mbps));
    }
    cell.sla_violations_last_window = sla;
  }
  return obs;
}
