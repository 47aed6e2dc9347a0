// `eval aggregate` (NeMo Gym's RolloutAggregationHelper): the rollouts files of a sharded run,
// named by globs, merged into one file sorted by task and rollout index, with one
// `<output stem>_aggregate_metrics.json` computed by each agent's resources server over all of them
// (metrics over shards cannot be added up: pass@k and per-task statistics need every rollout).
import { globSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { tmpdir } from "node:os";
import { writeAggregateMetrics } from "../collect/aggregate.ts";
import type { AgentAggregate } from "../collect/aggregate.ts";
import { JsonlWriter, readJsonl, siblingPath } from "../collect/jsonl.ts";
import { ROLLOUT_INDEX_KEY, TASK_INDEX_KEY } from "../../shared/schemas/run.ts";
import type { Servers } from "./servers.ts";

const METRICS_DEADLINE_MS = 600_000;

/** Comma-separated globs -> the files they match: each pattern's sorted, the first match of a path kept. */
export function expandInputGlob(inputGlob: string): string[] {
  const patterns = inputGlob.split(",").map((p) => p.trim()).filter((p) => p !== "");
  return [...new Set(patterns.flatMap((p) => globSync(p).sort()))];
}

type Row = Record<string, unknown>;
const order = (a: Row, b: Row) => Number(a[TASK_INDEX_KEY]) - Number(b[TASK_INDEX_KEY]) || Number(a[ROLLOUT_INDEX_KEY]) - Number(b[ROLLOUT_INDEX_KEY]);

/** Every row of the shards (exact numbers), in task then rollout order. */
export async function loadShards(paths: readonly string[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const path of paths) for await (const { value } of readJsonl(path, { exact: true })) rows.push(value);
  return rows.sort(order);
}

export const agentsOf = (rows: readonly Row[]) => [...new Set(rows.map((r) => (r.agent_ref as { name?: string } | undefined)?.name).filter((n): n is string => typeof n === "string"))].sort();

export interface Aggregated {
  /** The merged rollouts: the output, or a temporary file when not merging (removed by `done`). */
  rollouts: string;
  aggregateMetrics: string;
  entries: AgentAggregate[];
  done(): Promise<void>;
}

export async function aggregateShards(rows: readonly Row[], output: string, merge: boolean, servers: Servers): Promise<Aggregated> {
  await mkdir(dirname(output), { recursive: true });
  const scratch = merge ? undefined : await mkdtemp(join(tmpdir(), "edge-gym-aggregate-"));
  const rollouts = scratch ? join(scratch, "rollouts.jsonl") : output;
  const writer = await JsonlWriter.open(rollouts, "truncate");
  for (const row of rows) await writer.write(row);
  await writer.close();
  const urls = new Map(agentsOf(rows).map((agent) => [agent, servers.resourcesUrl(agent)]));
  const aggregateMetrics = siblingPath(output, "aggregate_metrics.json");
  const entries = await writeAggregateMetrics(rollouts, urls, aggregateMetrics, METRICS_DEADLINE_MS, servers.headers);
  return {
    rollouts,
    aggregateMetrics,
    entries,
    done: async () => {
      if (scratch) await rm(scratch, { recursive: true, force: true });
    },
  };
}
