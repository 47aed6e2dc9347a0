// openair_congestion: each observation lists cells ("- Cell N: ... p99=X%; ... Jain fairness F; ...")
// and their UEs ("    UE n (5QI q): ... SINR S dB, BLER B%, ... PDB violations v"); answer with one
// tool call. Right path ("Relief plan"): relieve the worst condition once, with a setpoint not yet
// made (a repeat would be rejected): aggressive handover for a cell edge (low SINR or high BLER),
// round-robin for an unfair cell, a QoS boost for a cell with SLA violations, more uplink power
// for a congested one with a healthy link; then noop. Wrong path ("Quick fix"): a cycle of protocol violations and
// unsafe calls (no call, a PRB cap of 0, two calls at once, a malformed argument) between noops.
import type { Turn } from "../messages.ts";
import { lastUserText } from "../policy/conversation.ts";
import { type Action, type PlannedCall, type Situation, type Skill } from "../policy/types.ts";

const RELIEF = "Relief plan";
const QUICK = "Quick fix";

interface CellView {
  id: number;
  p99: number;
  fairness: number;
  sinr: number[];
  bler: number[];
  violations: number;
}

const numberAfter = (line: string, label: string, end: string): number => {
  const start = line.indexOf(label);
  if (start === -1) return Number.NaN;
  const from = start + label.length;
  const stop = line.indexOf(end, from);
  return Number(line.slice(from, stop === -1 ? undefined : stop));
};

/** The cells of the telemetry, line by line (indexOf only, so any text reads in linear time). */
function readCells(text: string): CellView[] {
  const cells: CellView[] = [];
  for (const line of text.split("\n")) {
    if (line.startsWith("- Cell ")) {
      cells.push({ id: numberAfter(line, "- Cell ", ":"), p99: numberAfter(line, "p99=", "%") / 100, fairness: numberAfter(line, "Jain fairness ", ";"), sinr: [], bler: [], violations: 0 });
    } else if (line.startsWith("    UE ") && cells.length > 0) {
      const cell = cells[cells.length - 1]!;
      cell.sinr.push(numberAfter(line, "SINR ", " dB"));
      cell.bler.push(numberAfter(line, "BLER ", "%") / 100);
      if (line.includes("(SLA-VIOLATION)")) cell.violations++;
    }
  }
  return cells.filter((cell) => Number.isInteger(cell.id) && cell.sinr.length > 0);
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
// A cell edge: weak signal or many block errors (more uplink power there only adds interference).
const edge = (c: CellView) => mean(c.sinr) < 5 || mean(c.bler) > 0.2;
const madeBefore = (turns: readonly Turn[], name: string, cellId: number) =>
  turns.some((turn) => turn.tool_calls?.some((c) => c.function.name === name && (c.function.arguments as { cell_id?: unknown } | null)?.cell_id === cellId));

function relief(turns: readonly Turn[]): Action {
  const cells = readCells(lastUserText(turns));
  const fresh = (name: string, cell: CellView, args: Record<string, unknown>): PlannedCall | undefined =>
    madeBefore(turns, name, cell.id) ? undefined : { name, arguments: { cell_id: cell.id, ...args } };
  const options = [
    ...cells.filter(edge).map((c) => fresh("set_handover_trigger", c, { a3_offset_db: -24.0, ttt_ms: 0 })),
    ...cells.filter((c) => c.fairness < 0.95).map((c) => fresh("set_scheduler_policy", c, { policy: "RR" })),
    ...cells.filter((c) => c.violations > 0).map((c) => fresh("set_qos_weights", c, { weights: { "1": 2.0, "9": 1.5 } })),
    ...cells.filter((c) => c.p99 >= 0.8 && !edge(c)).map((c) => fresh("set_ul_power_control", c, { p0_dbm: 10.0, alpha: 1.0 })),
  ];
  const chosen = options.find((option) => option !== undefined) ?? { name: "noop", arguments: {} };
  return { content: `${RELIEF}: ${chosen.name}.`, toolCalls: [chosen] };
}

/** The wrong path's turns, in a cycle by how many it has made. */
const QUICK_TURNS: Action[] = [
  { content: `${QUICK}: the network looks fine to me, nothing to change.`, toolCalls: [] },
  { content: `${QUICK}: cap the first UE.`, toolCalls: [{ name: "set_prb_cap", arguments: { cell_id: 0, target: "ue", target_id: 0, max_prb: 0 } }] },
  { content: `${QUICK}: change both at once.`, toolCalls: [{ name: "set_scheduler_policy", arguments: { cell_id: 0, policy: "RR" } }, { name: "noop", arguments: {} }] },
  { content: `${QUICK}: loosen admission.`, toolCalls: [{ name: "set_admission_policy", arguments: { cell_id: "zero", accept_threshold_pct: 90 } }] },
  { content: `${QUICK}: wait.`, toolCalls: [{ name: "noop", arguments: {} }] },
];

function play({ turns, correct }: Situation): Action {
  const assistant = turns.filter((turn) => turn.role === "assistant");
  const opening = assistant[0]?.content;
  const quick = opening === undefined ? !correct : opening.startsWith(QUICK);
  if (quick) return QUICK_TURNS[assistant.length % QUICK_TURNS.length]!;
  return relief(turns);
}

export default { play } satisfies Skill;
