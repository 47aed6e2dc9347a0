// The observation as the model reads it (the reference's render.to_user_text), character for
// character: Python's number formatting, and the last call echoed as Python prints it.
import { pyFloatRepr } from "../../../shared/verifiers/python_float_repr.ts";
import { pyFormatFixed as f, pyFormatPercent as pct } from "../../../shared/verifiers/python_format.ts";
import type { Observation } from "./observation.ts";

/** What the last step did, shown after the telemetry. */
export interface LastStep {
  name: string;
  /** Python's repr of its arguments dict. */
  argumentsRepr: string;
  reward: number;
  rejection: string | null;
}

export function render(obs: Observation, stepIdx: number, last?: LastStep): string {
  const lines = [
    `5G RAN telemetry @ t=${f(obs.t_s, 1)}s (step ${stepIdx}, tier replay):`,
    "KPI source: replay. Telemetry is synthetic and should be treated as benchmark data, not measured OAI/FlexRIC KPM.",
  ];
  for (const c of obs.cells) {
    lines.push(
      `- Cell ${c.cell_id}: DL PRB util p50=${pct(c.prb_util_dl_p50, 0)}, p99=${pct(c.prb_util_dl_p99, 0)}; ` +
        `UL PRB util p50=${pct(c.prb_util_ul_p50, 0)}; sched latency p99 ${f(c.sched_latency_ms_p99, 0)}ms; ` +
        `Jain fairness ${f(c.fairness_jain, 2)}; PRACH collision rate ${pct(c.prach_collision_rate, 0)}; ` +
        `${c.rrc_connected_ues} UEs RRC-connected; ${c.sla_violations_last_window} SLA violation(s) in last 5s.`,
    );
    for (const ue of c.ues) {
      lines.push(
        `    UE ${ue.ue_id} (5QI ${ue.qos_5qi}): offered ${f(ue.offered_mbps, 1)} Mbps, delivered ${f(ue.delivered_mbps, 1)} Mbps, ` +
          `SINR ${f(ue.sinr_db, 1)} dB, BLER ${pct(ue.bler, 0)}, mean MCS ${f(ue.mcs_mean, 0)}, buffer ${f(ue.buffer_occupancy_kb, 0)} kB, ` +
          `PDB violations ${ue.pdb_violations} (${ue.pdb_violations > 0 ? "SLA-VIOLATION" : "ok"}).`,
      );
    }
  }
  if (last) {
    const rejected = last.rejection ? `, REJECTED (${last.rejection})` : "";
    lines.push(`Last action: ${last.name}(${last.argumentsRepr}); last reward: ${pyFloatRepr(last.reward)}${rejected}.`);
  }
  lines.push("Choose one tool call (or noop) to address congestion now. Output only the tool call.");
  return lines.join("\n");
}
