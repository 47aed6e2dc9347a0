// How an accepted call changes the replay (the reference's synthetic_action_effect_v6_shared_capacity):
// each call sets an absolute, persistent setpoint; every step, the setpoints in force bias the
// next action-blind observation (computed from the current one, so reapplying a setpoint changes
// nothing), PRB caps are solved jointly per cell (capped throughput goes to the other UEs' unmet
// demand, never beyond capacity), the admission threshold drops the highest UE ids, and the result
// is clamped. Noop and rejected calls change no setpoint.
import { pythonFloatSum } from "../../../shared/verifiers/python_sum.ts";
import type { ToolCall } from "./arguments.ts";
import { clamp, clip, jainFairness, pyMax, pyMin } from "./observation.ts";
import type { Cell, CellField, Observation, Ue, UeField } from "./observation.ts";
import { P0_DBM_RANGE, PRB_MAX, TTT_MS_VALUES } from "./tools.ts";

export const DYNAMICS_MODE = "synthetic_action_effect_v6_shared_capacity";

/** The setpoints in force, by cell id: plain JSON, kept in the episode's state. */
export interface Setpoints {
  /** [cell, UE id, max PRBs], in the order first set (the order the reference solves them in). */
  prbCaps: [number, number, number][];
  scheduler: Record<number, string>;
  /** Per cell, weight by 5QI as written ("9"); only keys a UE's 5QI can be looked up by are kept. */
  qosWeights: Record<number, Record<string, number>>;
  admission: Record<number, number>;
  mcs: Record<number, [min: number, max: number, targetBler: number]>;
  handover: Record<number, [a3OffsetDb: number, tttMs: number]>;
  ulPower: Record<number, [p0Dbm: number, alpha: number]>;
}

export const noSetpoints = (): Setpoints => ({ prbCaps: [], scheduler: {}, qosWeights: {}, admission: {}, mcs: {}, handover: {}, ulPower: {} });

/** What the joint PRB-cap solve did in a cell, as the reference reports it (info.prb_cap_dynamics). */
export interface PrbCapDiagnostics {
  active_setpoints: Record<number, number>;
  base_delivered_mbps: number;
  cell_capacity_mbps: number;
  target_shed_mbps: number;
  recipient_boost_mbps: number;
  recipient_headroom_mbps: number;
  unredistributed_shed_mbps: number;
  final_delivered_mbps: number;
}

const num = (call: ToolCall, key: string) => Number(call.arguments.get(key));
const QOS_KEY = /^(?:[1-9]|[1-9][0-9]|1[01][0-9]|12[0-7])$/;

/** The setpoint an accepted call sets (in place). */
export function recordSetpoint(setpoints: Setpoints, call: ToolCall): void {
  const cell = num(call, "cell_id");
  switch (call.name) {
    case "set_prb_cap": {
      const [target, maxPrb] = [num(call, "target_id"), num(call, "max_prb")];
      const at = setpoints.prbCaps.findIndex(([c, t]) => c === cell && t === target);
      // A cap at the full PRB count lifts it; a new value for an existing cap keeps its place.
      if (maxPrb >= PRB_MAX) {
        if (at !== -1) setpoints.prbCaps.splice(at, 1);
      } else if (at !== -1) setpoints.prbCaps[at]![2] = maxPrb;
      else setpoints.prbCaps.push([cell, target, maxPrb]);
      return;
    }
    case "set_scheduler_policy":
      setpoints.scheduler[cell] = call.arguments.get("policy") as string;
      return;
    case "set_qos_weights": {
      const weights = call.arguments.get("weights") as Map<string, bigint | number>;
      setpoints.qosWeights[cell] = Object.fromEntries([...weights].filter(([k]) => QOS_KEY.test(k)).map(([k, v]) => [k, Number(v)]));
      return;
    }
    case "set_admission_policy":
      setpoints.admission[cell] = num(call, "accept_threshold_pct");
      return;
    case "set_mcs_bounds":
      setpoints.mcs[cell] = [num(call, "mcs_min"), num(call, "mcs_max"), num(call, "target_bler")];
      return;
    case "set_handover_trigger":
      setpoints.handover[cell] = [num(call, "a3_offset_db"), num(call, "ttt_ms")];
      return;
    case "set_ul_power_control":
      setpoints.ulPower[cell] = [num(call, "p0_dbm"), num(call, "alpha")];
      return;
    case "noop":
      return;
  }
}

/** Summed per (cell, field) and (cell, UE, field), each sum started from 0.0 as the reference's. */
class Biases {
  readonly cells = new Map<string, [number, CellField, number]>();
  readonly ues = new Map<string, [number, number, UeField, number]>();
  cell(cell: number, field: CellField, delta: number): void {
    const key = `${cell}|${field}`;
    this.cells.set(key, [cell, field, (this.cells.get(key)?.[2] ?? 0.0) + delta]);
  }
  ue(cell: number, ue: number, field: UeField, delta: number): void {
    const key = `${cell}|${ue}|${field}`;
    this.ues.set(key, [cell, ue, field, (this.ues.get(key)?.[3] ?? 0.0) + delta]);
  }
}

const entries = <V>(record: Record<number, V>) => Object.entries(record).map(([cell, value]) => [Number(cell), value] as const);
const firstMax = <T>(items: readonly T[], by: (item: T) => number) => items.reduce((best, item) => (by(item) > by(best) ? item : best));
const meanOf = (values: number[]) => pythonFloatSum(values) / pyMax(1, values.length);

/** The biases the setpoints give, from the current observation's cells and UEs. */
function biasesOf(setpoints: Setpoints, prev: Observation): Biases {
  const b = new Biases();
  const cellOf = (id: number) => prev.cells.find((c) => c.cell_id === id);
  for (const [id, policy] of entries(setpoints.scheduler)) {
    const cell = cellOf(id);
    // PF is the scheduler the trajectory already assumes: no change.
    if (!cell || policy === "PF") continue;
    if (policy === "MaxCI") {
      b.cell(id, "fairness_jain", -0.08);
      b.cell(id, "sched_latency_ms_p99", -1.0);
      if (cell.ues.length > 0) {
        const strongest = firstMax(cell.ues, (ue) => ue.sinr_db);
        for (const ue of cell.ues) {
          const delta = ue.ue_id === strongest.ue_id ? 0.8 : -0.15;
          b.ue(id, ue.ue_id, "delivered_mbps", delta);
          b.ue(id, ue.ue_id, "buffer_occupancy_kb", -50.0 * delta);
        }
      }
    } else {
      b.cell(id, "fairness_jain", +0.05);
      b.cell(id, "sched_latency_ms_p99", +1.5);
      for (const ue of cell.ues) {
        b.ue(id, ue.ue_id, "delivered_mbps", -0.15);
        b.ue(id, ue.ue_id, "buffer_occupancy_kb", +7.5);
      }
    }
  }
  for (const [id, weights] of entries(setpoints.qosWeights)) {
    const cell = cellOf(id);
    if (!cell) continue;
    const strengths = cell.ues.map((ue) => (weights[String(ue.qos_5qi)] ?? 1.0) - 1.0);
    cell.ues.forEach((ue, i) => {
      b.ue(id, ue.ue_id, "delivered_mbps", strengths[i]!);
      b.ue(id, ue.ue_id, "buffer_occupancy_kb", -500.0 * strengths[i]!);
    });
    if (strengths.length > 0) b.cell(id, "fairness_jain", 0.03 * (pythonFloatSum(strengths) / strengths.length));
  }
  for (const [id, [mcsMin, mcsMax, targetBler]] of entries(setpoints.mcs)) {
    const cell = cellOf(id);
    if (!cell) continue;
    for (const ue of cell.ues) {
      // Link adaptation lowers MCS when BLER is over target and raises it safely only as far as
      // the SINR supports: a forced minimum above that costs throughput.
      const current = ue.mcs_mean;
      const delta = clip(current - 8.0 * (ue.bler - targetBler), mcsMin, mcsMax) - current;
      const supported = clip(1.2 * (ue.sinr_db + 5.0) + 2.0, 0.0, 27.0);
      const safeRaise = pyMin(pyMax(0.0, delta), pyMax(0.0, supported - current));
      const unsafeRaise = pyMax(0.0, delta - safeRaise);
      const lower = pyMax(0.0, -delta);
      b.ue(id, ue.ue_id, "mcs_mean", delta);
      b.ue(id, ue.ue_id, "bler", 0.004 * safeRaise + 0.02 * unsafeRaise - 0.008 * lower);
      b.ue(id, ue.ue_id, "delivered_mbps", 0.08 * safeRaise - 0.2 * unsafeRaise - 0.04 * lower);
    }
  }
  for (const [id, [a3, ttt]] of entries(setpoints.handover)) {
    const cell = cellOf(id);
    const offsetAggression = (24.0 - clip(a3, -24.0, 24.0)) / 48.0;
    const tttAggression = 1.0 - TTT_MS_VALUES.indexOf(ttt as (typeof TTT_MS_VALUES)[number]) / Math.max(1, TTT_MS_VALUES.length - 1);
    const aggressiveness = 2.0 * ((offsetAggression + tttAggression) / 2.0 - 0.5);
    if (!cell || cell.ues.length === 0) continue;
    // Aggressive handover helps at the cell edge and churns a healthy cell; conservative, the reverse.
    const edge = pyMax(cellEdge(cell, "sinr"), cellEdge(cell, "bler"));
    const effect = aggressiveness * clip(4.0 * (edge - 0.25), -1.0, 1.0);
    const worst = firstMax(cell.ues, (ue) => ue.buffer_occupancy_kb);
    b.ue(id, worst.ue_id, "delivered_mbps", 1.2 * effect);
    b.ue(id, worst.ue_id, "buffer_occupancy_kb", -250.0 * effect);
    b.cell(id, "fairness_jain", 0.05 * effect);
    b.cell(id, "prb_util_dl_p99", -0.02 * effect);
  }
  for (const [id, [p0, alpha]] of entries(setpoints.ulPower)) {
    const cell = cellOf(id);
    if (!cell) continue;
    const [lo, hi] = P0_DBM_RANGE;
    const p0Norm = (clip(p0, lo, hi) - lo) / (hi - lo);
    const interference = pyMax(cellEdge(cell, "sinr"), cellEdge(cell, "bler"));
    const signal = 4.0 * (p0Norm - 0.5) + 2.0 * (clip(alpha, 0.0, 1.0) - 0.5) - 9.0 * interference * p0Norm;
    for (const ue of cell.ues) {
      b.ue(id, ue.ue_id, "sinr_db", signal);
      b.ue(id, ue.ue_id, "bler", -0.025 * signal);
      b.ue(id, ue.ue_id, "delivered_mbps", 0.35 * signal);
      b.ue(id, ue.ue_id, "buffer_occupancy_kb", -70.0 * signal);
    }
    b.cell(id, "prb_util_ul_p50", 0.03 * interference * (p0Norm - 0.5));
  }
  return b;
}

/** A cell's mean pressure from low SINR or from BLER over 10%, each UE's in [0, 1]. */
function cellEdge(cell: Cell, kind: "sinr" | "bler"): number {
  const pressure = (ue: Ue) => (kind === "sinr" ? clip((5.0 - ue.sinr_db) / 10.0, 0.0, 1.0) : clip((ue.bler - 0.1) / 0.25, 0.0, 1.0));
  return meanOf(cell.ues.map(pressure));
}

function applyBiases(obs: Observation, b: Biases): void {
  const cellOf = (id: number) => obs.cells.find((c) => c.cell_id === id);
  for (const [id, field, delta] of b.cells.values()) {
    const cell = cellOf(id);
    if (cell) cell[field] += delta;
  }
  for (const [id, ueId, field, delta] of b.ues.values()) {
    const ue = cellOf(id)?.ues.find((u) => u.ue_id === ueId);
    if (ue) ue[field] += delta;
  }
}

/** Gives `remaining` to the UEs with headroom in equal shares, each up to its headroom, until none is left. */
function waterfill(remaining: number, headroom: Map<number, number>): Map<number, number> {
  const boosts = new Map([...headroom.keys()].map((id) => [id, 0.0]));
  const open = new Map([...headroom].filter(([, room]) => room > 1e-12).map(([id, room]) => [id, pyMax(0.0, room)]));
  remaining = pyMax(0.0, remaining);
  while (remaining > 1e-12 && open.size > 0) {
    const share = remaining / open.size;
    let distributed = 0.0;
    const exhausted: number[] = [];
    for (const id of [...open.keys()].sort((a, b) => a - b)) {
      const amount = pyMin(open.get(id)!, share);
      boosts.set(id, boosts.get(id)! + amount);
      open.set(id, open.get(id)! - amount);
      distributed += amount;
      if (open.get(id)! <= 1e-12) exhausted.push(id);
    }
    if (distributed <= 1e-12) break;
    remaining -= distributed;
    for (const id of exhausted) open.delete(id);
  }
  return boosts;
}

const sumOf = (values: Iterable<number>) => pythonFloatSum([...values]);

/** Every cell's PRB caps at once (in place): capped UEs shed throughput, the others take it up to their demand. */
function applyPrbCaps(obs: Observation, setpoints: Setpoints, cellCapacityMbps: number): Record<number, PrbCapDiagnostics> {
  const diagnostics: Record<number, PrbCapDiagnostics> = {};
  const capacity = pyMax(1e-6, cellCapacityMbps);
  for (const cell of obs.cells) {
    const ues = new Map(cell.ues.map((ue) => [ue.ue_id, ue]));
    const active = new Map(setpoints.prbCaps.filter(([c, ue, cap]) => c === cell.cell_id && cap < PRB_MAX && ues.has(ue)).map(([, ue, cap]) => [ue, cap]));
    if (active.size === 0) continue;
    const base = new Map([...ues].map(([id, ue]) => [id, pyMax(0.0, ue.delivered_mbps)]));
    const offered = new Map([...ues].map(([id, ue]) => [id, pyMax(0.0, ue.offered_mbps)]));
    // A cap never raises a UE above what it had or asked for.
    let final = new Map([...ues.keys()].map((id) => [id, pyMin(base.get(id)!, offered.get(id)!)]));
    const shed = new Map<number, number>();
    for (const [id, cap] of active) {
      const before = final.get(id)!;
      const after = before * (cap / PRB_MAX);
      shed.set(id, pyMax(0.0, before - after));
      final.set(id, after);
    }
    const totalShed = sumOf(shed.values());
    const baseTotal = sumOf(base.values());
    const limit = pyMin(baseTotal, capacity);
    let current = sumOf(final.values());
    if (current > limit + 1e-12) {
      const scale = limit / current;
      final = new Map([...final].map(([id, v]) => [id, v * scale]));
      current = sumOf(final.values());
    }
    const headroom = new Map([...ues.keys()].filter((id) => !active.has(id)).map((id) => [id, pyMax(0.0, offered.get(id)! - final.get(id)!)]));
    const boosts = waterfill(pyMin(pyMin(totalShed, sumOf(headroom.values())), pyMax(0.0, limit - current)), headroom);
    for (const [id, boost] of boosts) final.set(id, final.get(id)! + boost);
    const redistributed = sumOf(boosts.values());
    for (const [id, ue] of ues) {
      ue.delivered_mbps = final.get(id)!;
      ue.buffer_occupancy_kb = pyMax(0.0, (offered.get(id)! - final.get(id)!) * 50.0);
    }
    cell.fairness_jain = jainFairness([...final.values()]);
    // PRB pressure falls only by the throughput no other UE took up.
    const unredistributed = pyMax(0.0, totalShed - redistributed);
    cell.prb_util_dl_p50 -= unredistributed / capacity;
    cell.prb_util_dl_p99 -= unredistributed / capacity;
    diagnostics[cell.cell_id] = {
      active_setpoints: Object.fromEntries([...active].sort(([a], [b]) => a - b)),
      base_delivered_mbps: baseTotal,
      cell_capacity_mbps: capacity,
      target_shed_mbps: totalShed,
      recipient_boost_mbps: redistributed,
      recipient_headroom_mbps: sumOf(headroom.values()),
      unredistributed_shed_mbps: unredistributed,
      final_delivered_mbps: sumOf(final.values()),
    };
  }
  return diagnostics;
}

/** Admits the lowest UE ids up to the cell's threshold share of them, at least one (in place). */
function applyAdmission(obs: Observation, setpoints: Setpoints): void {
  for (const cell of obs.cells) {
    const threshold = setpoints.admission[cell.cell_id];
    const ues = [...cell.ues].sort((a, b) => a.ue_id - b.ue_id);
    cell.rrc_connected_ues = ues.length;
    if (threshold === undefined) continue;
    const ratio = clip(threshold / 100.0, 0.0, 1.0);
    const admitted = ues.length > 0 && ratio > 0 ? Math.min(ues.length, Math.max(1, Math.trunc(ues.length * ratio))) : 0;
    cell.ues = ues.slice(0, admitted);
    cell.rrc_connected_ues = cell.ues.length;
  }
}

/**
 * The next observation: the action-blind one (`base`, not modified) under the setpoints in force,
 * whose biases are computed from `prev`, the current observation. Also the PRB-cap diagnostics.
 */
export function nextObservation(prev: Observation, base: Observation, setpoints: Setpoints, cellCapacityMbps: number) {
  const next = structuredClone(base);
  applyBiases(next, biasesOf(setpoints, prev));
  const prbCapDynamics = applyPrbCaps(next, setpoints, cellCapacityMbps);
  applyAdmission(next, setpoints);
  return { observation: clamp(next, cellCapacityMbps), prbCapDynamics };
}
