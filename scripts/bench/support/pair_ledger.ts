// Whether a collection accounted for every rollout it was asked for: each (task, rollout) pair of
// its materialized inputs must end exactly once, in the rollouts file or in the failures file;
// none lost, none written twice, none in both, none that was not asked for.
import { pairKey } from "../../collect/pairs.ts";
import { readJsonl } from "../../collect/jsonl.ts";
import type { CollectSummary } from "../../collect/collect.ts";

export interface Ledger {
  expected: number;
  in_output: number;
  in_failures: number;
  lost: number;
  duplicated: number;
  /** Pairs written that were never asked for. */
  stray: number;
  in_both: number;
}

async function tally(path: string): Promise<Map<number, number>> {
  const seen = new Map<number, number>();
  for await (const { line, value } of readJsonl(path)) {
    const key = pairKey(value, `${path}:${line}`);
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return seen;
}

export async function pairLedger(files: CollectSummary["files"]): Promise<Ledger> {
  const [expected, output, failures] = await Promise.all([tally(files.materialized), tally(files.rollouts), tally(files.failures)]);
  const extra = (seen: Map<number, number>) => [...seen.values()].reduce((n, times) => n + times - 1, 0);
  return {
    expected: expected.size,
    in_output: output.size,
    in_failures: failures.size,
    lost: [...expected.keys()].filter((k) => !output.has(k) && !failures.has(k)).length,
    duplicated: extra(output) + extra(failures),
    stray: [...output.keys(), ...failures.keys()].filter((k) => !expected.has(k)).length,
    in_both: [...output.keys()].filter((k) => failures.has(k)).length,
  };
}

export const balanced = (l: Ledger) => l.lost === 0 && l.duplicated === 0 && l.stray === 0 && l.in_both === 0;
