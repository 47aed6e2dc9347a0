// (task, rollout) pairs: the identity of a rollout across runs, and what a resumed run skips.
import { open, stat, truncate } from "node:fs/promises";
import { ROLLOUT_INDEX_KEY, TASK_INDEX_KEY } from "../../shared/schemas/run.ts";
import { InputError, readJsonl } from "./jsonl.ts";

const ROLLOUT_SPAN = 2 ** 21;
const TASK_SPAN = 2 ** 31;

const isIndex = (value: unknown, span: number): value is number => Number.isInteger(value) && (value as number) >= 0 && (value as number) < span;

/** One number per pair: a Set of numbers stays compact where one of strings would not. */
export function pairKey(row: Record<string, unknown>, where: string): number {
  const task = row[TASK_INDEX_KEY];
  const rollout = row[ROLLOUT_INDEX_KEY];
  if (!isIndex(task, TASK_SPAN) || !isIndex(rollout, ROLLOUT_SPAN)) {
    throw new InputError(`${where}: the row has no valid ${TASK_INDEX_KEY} (0 to ${TASK_SPAN - 1}) and ${ROLLOUT_INDEX_KEY} (0 to ${ROLLOUT_SPAN - 1})`);
  }
  return task * ROLLOUT_SPAN + rollout;
}

export const pairLabel = (key: number) => `(${Math.floor(key / ROLLOUT_SPAN)}, ${key % ROLLOUT_SPAN})`;

/**
 * A process killed mid-write leaves a torn last line; cut it off so the file parses and the next
 * append starts on a line of its own. Returns whether anything was cut.
 */
export async function cutTornTail(path: string): Promise<boolean> {
  const size = await stat(path).then((s) => s.size, () => 0);
  if (size === 0) return false;
  const handle = await open(path, "r");
  try {
    const chunk = Buffer.alloc(64 * 1024);
    let end = size;
    while (end > 0) {
      const start = Math.max(0, end - chunk.length);
      const { bytesRead } = await handle.read(chunk, 0, end - start, start);
      const newline = chunk.subarray(0, bytesRead).lastIndexOf(0x0a);
      if (newline !== -1) {
        const keep = start + newline + 1;
        if (keep === size) return false;
        await truncate(path, keep);
        return true;
      }
      end = start;
    }
  } finally {
    await handle.close();
  }
  await truncate(path, 0);
  return true;
}

/** The pairs already in a rollouts file, and their rewards' sum; a pair written twice means the file was not ours. */
export async function completedPairs(path: string): Promise<{ pairs: Set<number>; rewardSum: number }> {
  const pairs = new Set<number>();
  let rewardSum = 0;
  for await (const { line, value } of readJsonl(path)) {
    const key = pairKey(value, `${path}:${line}`);
    if (pairs.has(key)) throw new InputError(`${path}:${line}: ${pairLabel(key)} appears twice`);
    pairs.add(key);
    rewardSum += value.reward as number;
  }
  return { pairs, rewardSum };
}
