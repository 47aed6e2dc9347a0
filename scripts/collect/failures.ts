// X_failures.jsonl across resumed runs: each run appends to it, so it may list pairs that have
// since succeeded, and a pair that failed in several runs several times. At the end of a resumed
// run it is rewritten to list each pair still missing from X.jsonl once, by its latest failure.
// The new file replaces the old by rename: a crash leaves one or the other, whole. Input rows left
// out as invalid (collect --skip-invalid) are listed by their input line, not a pair: they stay.
import { rename } from "node:fs/promises";
import { JsonlWriter, readJsonl } from "./jsonl.ts";
import { pairKey } from "./pairs.ts";
import { ATTEMPT_INDEX_KEY, FAILURE_TERMINAL_KEY } from "../../shared/schemas/run.ts";

/** The failure class, and the input line, of a row left out as invalid. */
export const INVALID_ROW = "invalid_row";
export const INPUT_LINE_KEY = "_ng_input_line";
/** How many attempts a failed rollout took, on its line in the failures file. */
export const ATTEMPTS_KEY = "_ng_attempts";

const isPair = (value: Record<string, unknown>) => value[INPUT_LINE_KEY] === undefined;

const count = (value: unknown, least: number): number => (Number.isInteger(value) && (value as number) >= least ? (value as number) : least);

/**
 * What earlier runs left of each failed pair: the attempts it used up, for a resumed run to number
 * its next attempt (`_ng_attempt_index`) after them, as NeMo Gym counts its failures sidecar (here
 * one line per failed rollout, with the attempts it took, `_ng_attempts`, one when absent; a line
 * kept from several runs by pruneFailures numbers them past its own `_ng_attempt_index`); and the
 * pairs whose failure was terminal (`_ng_failure_terminal`: bad input), which no run asks again.
 */
export async function priorFailures(failures: string): Promise<{ attempts: Map<number, number>; terminal: Set<number> }> {
  const attempts = new Map<number, number>();
  const terminal = new Set<number>();
  for await (const { line, value } of readJsonl(failures)) {
    if (!isPair(value)) continue;
    const key = pairKey(value, `${failures}:${line}`);
    const used = (attempts.get(key) ?? 0) + count(value[ATTEMPTS_KEY], 1);
    attempts.set(key, Math.max(used, count(value[ATTEMPT_INDEX_KEY], 0) + 1));
    if (value[FAILURE_TERMINAL_KEY] === true) terminal.add(key);
  }
  return { attempts, terminal };
}

/** Rewrites the failures file; returns how many of the pairs it listed have since succeeded. */
export async function pruneFailures(failures: string, rollouts: string): Promise<number> {
  // Pair -> the line of its latest failure: numbers only, however long the run.
  const latest = new Map<number, number>();
  let lines = 0;
  for await (const { line, value } of readJsonl(failures)) {
    if (!isPair(value)) continue;
    latest.set(pairKey(value, `${failures}:${line}`), line);
    lines++;
  }
  if (lines === 0) return 0;
  let resolved = 0;
  for await (const { line, value } of readJsonl(rollouts)) {
    if (latest.delete(pairKey(value, `${rollouts}:${line}`))) resolved++;
  }
  if (latest.size === lines) return 0;
  const partial = `${failures}.partial`;
  const out = await JsonlWriter.open(partial, "truncate");
  try {
    for await (const { line, value } of readJsonl(failures, { exact: true })) {
      if (!isPair(value) || latest.get(pairKey(value, `${failures}:${line}`)) === line) await out.write(value);
    }
  } finally {
    await out.close();
  }
  await rename(partial, failures);
  return resolved;
}
