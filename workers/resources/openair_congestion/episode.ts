// One episode of the replay backend (the reference's ReplayEnv): the action-blind trajectory is
// drawn at reset; each step checks the call with the guardrail, moves to the next observation
// under the setpoints in force, and scores the move. Plain JSON, kept in the session's state.
import { equalityKey } from "./arguments.ts";
import type { ToolCall } from "./arguments.ts";
import { DYNAMICS_MODE, nextObservation, noSetpoints, recordSetpoint } from "./dynamics.ts";
import type { Setpoints } from "./dynamics.ts";
import { rejection } from "./guardrail.ts";
import type { HistoryEntry } from "./guardrail.ts";
import { CELL_CAPACITY_MBPS, buildTrajectory, sampleScenario } from "./observation.ts";
import type { Observation } from "./observation.ts";
import { REWARD_VERSION, breakdown } from "./rewards.ts";

export interface Replay {
  /** Observations 0..maxSteps: action-blind ahead of the current step, as played up to it. */
  trajectory: Observation[];
  stepIdx: number;
  maxSteps: number;
  setpoints: Setpoints;
  /** Accepted calls, the last 32 to 64 of them (only the last two steps' are ever compared). */
  history: HistoryEntry[];
}

export function startReplay(seed: number, difficulty: number, regimeMix: Record<string, number> | undefined, maxSteps: number): Replay {
  const scenario = sampleScenario(difficulty, regimeMix);
  return { trajectory: buildTrajectory(seed, scenario, maxSteps + 1), stepIdx: 0, maxSteps, setpoints: noSetpoints(), history: [] };
}

export const currentObservation = (replay: Replay) => replay.trajectory[replay.stepIdx]!;

/** One step with a well-formed call (in place): the next observation, its reward and the reference's step info. */
export function advance(replay: Replay, call: ToolCall) {
  const prev = currentObservation(replay);
  const now = replay.stepIdx;
  const key = equalityKey(call.arguments);
  const topology = { nCells: prev.cells.length, ueIdsByCell: new Map(prev.cells.map((cell) => [cell.cell_id, cell.ues.map((ue) => ue.ue_id)])) };
  const reason = rejection(call, key, topology, replay.history, now) ?? null;
  const rejected = reason !== null;
  if (!rejected) recordSetpoint(replay.setpoints, call);
  const nextIdx = Math.min(now + 1, replay.trajectory.length - 1);
  const { observation, prbCapDynamics } = nextObservation(prev, replay.trajectory[nextIdx]!, replay.setpoints, CELL_CAPACITY_MBPS);
  const reward = breakdown(prev, observation, call.name, rejected, CELL_CAPACITY_MBPS);
  if (!rejected) {
    replay.history.push({ name: call.name, key, t_s: now });
    if (replay.history.length > 64) replay.history = replay.history.slice(-32);
  }
  replay.trajectory[nextIdx] = observation;
  replay.stepIdx = nextIdx;
  return {
    observation,
    reward: reward.total,
    done: replay.stepIdx >= replay.maxSteps,
    info: {
      guardrail_accepted: !rejected,
      rejection_reason: reason,
      step_idx: nextIdx,
      kpi_source: "replay",
      dynamics_mode: DYNAMICS_MODE,
      reward_measurements: reward.measurements,
      reward_terms: reward.terms,
      reward_version: REWARD_VERSION,
      prb_cap_dynamics: prbCapDynamics,
    },
  };
}
