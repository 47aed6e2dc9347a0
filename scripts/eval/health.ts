// NeMo Gym's post-run rollout health checks (`gym eval health-check`): a report, never a change to
// the rollouts, rewards or metrics. Two files go into the run folder: rollout_verdicts.jsonl (one
// row per non-empty line, sorted by task then rollout index) and quality_summary.json (run counts,
// coverage, per-task flags), with NeMo's check IDs and fields.
//
// A verdict is derived, never emitted by a check: `unhealthy` if any enabled check found something,
// else `unobserved` if any lacked its evidence, else `healthy`. Every check but the record-level
// ones reads NeMo's `ng_trajectory` attachment, which Edge Gym's agents do not write yet: those
// checks are unobserved for every rollout (as NeMo reports them for rollouts without one), so a
// run's rollouts are `unobserved` unless a record-level check finds something.
import { writeFile } from "node:fs/promises";
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { join } from "node:path";
import { ROLLOUT_ID_KEY, ROLLOUT_INDEX_KEY, TASK_INDEX_KEY } from "../../shared/schemas/run.ts";

export const QUALITY_SUMMARY_FILENAME = "quality_summary.json";
export const ROLLOUT_VERDICTS_FILENAME = "rollout_verdicts.jsonl";

/** NeMo's registry: rollout-level checks give findings, task-level ones give flags. `record`: decidable from the line alone. */
export const CHECKS = [
  { id: "check_execution_error", level: "rollout", record: true },
  { id: "record_unreadable", level: "rollout", record: true },
  { id: "rollout_duplicate_identity", level: "rollout", record: true },
  { id: "rollout_missing_agent_turns", level: "rollout", record: false },
  { id: "rollout_ended_on_failed_model_call", level: "rollout", record: false },
  { id: "rollout_token_count_mismatch", level: "rollout", record: false },
  { id: "agent_turn_hollow", level: "rollout", record: false },
  { id: "trajectory_capture_mismatch", level: "rollout", record: false },
  { id: "model_call_failed", level: "rollout", record: false },
  { id: "model_call_missing_token_counts", level: "rollout", record: false },
  { id: "model_call_runaway_generation", level: "rollout", record: false },
  { id: "model_call_zero_completion_tokens", level: "rollout", record: false },
  { id: "task_consistently_unhealthy", level: "task", record: true },
  { id: "task_no_successful_model_calls", level: "task", record: false },
] as const;
export type CheckId = (typeof CHECKS)[number]["id"];
// Checks the runner itself decides (what it finds while running the others), never ignorable away from a record.
const RUNNER_CHECKS = new Set<string>(["check_execution_error"]);

export type Verdict = "healthy" | "unhealthy" | "unobserved";

export interface Finding {
  check: CheckId;
  locator?: Record<string, unknown>;
  detail?: Record<string, unknown>;
}

export interface VerdictRow {
  _ng_task_index: number | string;
  _ng_rollout_index: number;
  rollout_id: string;
  verdict: Verdict;
  findings: Finding[];
  unobserved: string[];
}

interface Line {
  line: number;
  record?: Record<string, unknown>;
  /** Why the line is not a rollout record, when it is not. */
  unreadable?: string;
}

async function* lines(path: string): AsyncGenerator<Line> {
  const input = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  let line = 0;
  for await (const text of input) {
    line++;
    if (text.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      yield { line, unreadable: `not valid JSON: ${(err as Error).message}` };
      continue;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) yield { line, unreadable: "not a JSON object" };
    else if (!Number.isInteger(value[TASK_INDEX_KEY as keyof typeof value]) || !Number.isInteger(value[ROLLOUT_INDEX_KEY as keyof typeof value])) yield { line, unreadable: `no integer ${TASK_INDEX_KEY} and ${ROLLOUT_INDEX_KEY}` };
    else yield { line, record: value as Record<string, unknown> };
  }
}

/** Unknown IDs are refused: an ignored check must be one the summary can name. */
export function checkIgnored(ids: readonly string[]): void {
  const known = new Set<string>(CHECKS.map((c) => c.id));
  const unknown = ids.filter((id) => !known.has(id) || RUNNER_CHECKS.has(id));
  if (unknown.length) throw new Error(`unknown or not ignorable health check "${unknown[0]}" (checks: ${CHECKS.filter((c) => !RUNNER_CHECKS.has(c.id)).map((c) => c.id).join(", ")})`);
}

interface Usage {
  input_tokens?: unknown;
  output_tokens?: unknown;
}

const count = (n: unknown) => (typeof n === "number" && Number.isFinite(n) ? n : 0);

function compareIdentity(a: VerdictRow, b: VerdictRow): number {
  // Synthetic task indices of unreadable lines (strings) sort after the real ones.
  const [ta, tb] = [a._ng_task_index, b._ng_task_index];
  if (typeof ta !== typeof tb) return typeof ta === "number" ? -1 : 1;
  if (ta !== tb) return ta < tb ? -1 : 1;
  return a._ng_rollout_index - b._ng_rollout_index;
}

export interface HealthReport {
  summary: Record<string, unknown>;
  verdicts: VerdictRow[];
  summaryPath: string;
  verdictsPath: string;
}

/** Checks `rollouts` and writes both reports into `runDir`. */
export async function runHealthChecks(rollouts: string, runDir: string, ignored: readonly string[] = []): Promise<HealthReport> {
  checkIgnored(ignored);
  const enabled = CHECKS.filter((c) => !ignored.includes(c.id));
  const enabledRollout = enabled.filter((c) => c.level === "rollout");
  const coverage = Object.fromEntries(CHECKS.map((c) => [c.id, { evaluated: 0, unobserved: 0, ignored: 0 }]));
  const issues: Record<string, number> = Object.fromEntries(CHECKS.map((c) => [c.id, 0]));
  const tokens = { prompt: 0, completion: 0, capture_prompt: 0, capture_completion: 0 };
  const verdicts: VerdictRow[] = [];
  const seen = new Map<string, VerdictRow[]>();
  let records = 0;

  for await (const { line, record, unreadable } of lines(rollouts)) {
    records++;
    const row: VerdictRow = record
      ? {
          _ng_task_index: record[TASK_INDEX_KEY] as number,
          _ng_rollout_index: record[ROLLOUT_INDEX_KEY] as number,
          rollout_id: typeof record[ROLLOUT_ID_KEY] === "string" ? (record[ROLLOUT_ID_KEY] as string) : `${record[TASK_INDEX_KEY]}-${record[ROLLOUT_INDEX_KEY]}`,
          verdict: "healthy",
          findings: [],
          unobserved: [],
        }
      : { _ng_task_index: `__unreadable_record__:input-0:line-${line}`, _ng_rollout_index: 0, rollout_id: `unreadable-${line}`, verdict: "healthy", findings: [], unobserved: [] };
    for (const check of enabledRollout) {
      if (check.id === "record_unreadable") {
        if (unreadable) row.findings.push({ check: check.id, locator: { file: rollouts, line }, detail: { reason: unreadable } });
        coverage[check.id]!.evaluated++;
      } else if (check.record && record) {
        // The other record checks: duplicates are found once every line is read (below); no check here can raise.
        coverage[check.id]!.evaluated++;
      } else row.unobserved.push(check.id);
    }
    if (record) {
      const key = `${row._ng_task_index}/${row._ng_rollout_index}`;
      seen.set(key, [...(seen.get(key) ?? []), row]);
      const usage = ((record.response as { usage?: Usage } | undefined)?.usage ?? {}) as Usage;
      tokens.prompt += count(usage.input_tokens);
      tokens.completion += count(usage.output_tokens);
    }
    verdicts.push(row);
  }
  if (enabledRollout.some((c) => c.id === "rollout_duplicate_identity")) {
    for (const rows of seen.values()) {
      if (rows.length < 2) continue;
      for (const row of rows) row.findings.push({ check: "rollout_duplicate_identity", detail: { copies: rows.length } });
    }
  }
  for (const row of verdicts) {
    for (const id of row.unobserved) coverage[id]!.unobserved++;
    for (const f of row.findings) issues[f.check]!++;
    row.verdict = row.findings.length ? "unhealthy" : row.unobserved.length ? "unobserved" : "healthy";
  }
  for (const id of ignored) coverage[id]!.ignored = verdicts.length;
  verdicts.sort(compareIdentity);

  const tasks: Record<string, { repeats: number; healthy: number; unhealthy: number; unobserved: number; flags: string[] }> = {};
  for (const rows of seen.values()) {
    // Copies of one identity are one repeat; it is unhealthy if any copy is.
    const row = rows.find((r) => r.verdict === "unhealthy") ?? rows[0]!;
    const task = (tasks[String(row._ng_task_index)] ??= { repeats: 0, healthy: 0, unhealthy: 0, unobserved: 0, flags: [] });
    task.repeats++;
    task[row.verdict]++;
  }
  const consistently = enabled.some((c) => c.id === "task_consistently_unhealthy");
  for (const task of Object.values(tasks)) {
    const computable = task.healthy + task.unhealthy;
    if (consistently && computable >= 2 && task.healthy === 0) {
      task.flags.push("task_consistently_unhealthy");
      issues.task_consistently_unhealthy!++;
    }
  }
  if (consistently) coverage.task_consistently_unhealthy!.evaluated = Object.keys(tasks).length;
  for (const check of enabled) if (check.level === "task" && !check.record) coverage[check.id]!.unobserved = Object.keys(tasks).length;
  for (const id of ignored) if (CHECKS.find((c) => c.id === id)!.level === "task") coverage[id]!.ignored = Object.keys(tasks).length;

  const tally = { healthy: 0, unhealthy: 0, unobserved: 0 };
  for (const row of verdicts) tally[row.verdict]++;
  const summary = {
    run: {
      ignored_checks: [...ignored],
      artifacts: { records, captures: 0, coverage },
      verdicts: tally,
      issues,
      stats: {
        model_call_errors: { total: 0, by_status: {}, rollouts_affected: 0, ended_on_error: 0 },
        duplicated_calls: { replayed: 0, rollouts: 0 },
        tokens,
      },
    },
    tasks: Object.fromEntries(Object.entries(tasks).sort(([a], [b]) => Number(a) - Number(b))),
  };
  const summaryPath = join(runDir, QUALITY_SUMMARY_FILENAME);
  const verdictsPath = join(runDir, ROLLOUT_VERDICTS_FILENAME);
  await writeFile(summaryPath, `${JSON.stringify(summary, null, 2)}\n`);
  await writeFile(verdictsPath, verdicts.map((v) => `${JSON.stringify(v)}\n`).join(""));
  return { summary, verdicts, summaryPath, verdictsPath };
}

/**
 * NeMo's two-line terminal report; for an eval over several datasets (a report each), the verdicts
 * summed and the folder that holds their reports.
 */
export function healthLines(report: HealthReport | readonly HealthReport[], folder?: string): string[] {
  const reports = Array.isArray(report) ? report : [report as HealthReport];
  const tally = { healthy: 0, unhealthy: 0, unobserved: 0 };
  for (const r of reports) for (const verdict of Object.keys(tally) as Verdict[]) tally[verdict] += (r.summary.run as { verdicts: Record<Verdict, number> }).verdicts[verdict];
  const { healthy, unhealthy, unobserved } = tally;
  const where = reports.length === 1 ? `Quality summary: ${reports[0]!.summaryPath}` : `Quality summaries: ${reports.length} in ${folder}`;
  return [`Rollout health: ${healthy + unhealthy + unobserved} checked, ${healthy} healthy, ${unhealthy} unhealthy, ${unobserved} unobserved`, where];
}
