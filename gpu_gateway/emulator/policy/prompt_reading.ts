// Reading reasoning-gym's generated prompts: the text after a fixed phrase, a block of integer rows,
// and the slips the solvers make (policy/reasoning_tasks.ts).
import { slip } from "./arithmetic.ts";

export interface Worked {
  /** One sentence of working, without the answer. */
  how: string;
  right: string;
  wrong: string;
}

export type Solver = (prompt: string) => Worked | undefined;

/** The text after `marker` up to the end of its line (undefined when the marker is absent). */
export function lineAfter(prompt: string, marker: string): string | undefined {
  const at = prompt.indexOf(marker);
  if (at < 0) return undefined;
  const start = at + marker.length;
  const end = prompt.indexOf("\n", start);
  return prompt.slice(start, end < 0 ? prompt.length : end);
}

/** The text between `open` and the first `close` after it. */
export function between(prompt: string, open: string, close: string): string | undefined {
  const at = prompt.indexOf(open);
  if (at < 0) return undefined;
  const end = prompt.indexOf(close, at + open.length);
  return end < 0 ? undefined : prompt.slice(at + open.length, end);
}

export const INTEGER = /^-?\d+$/;
export const DIGITS = /^\d+$/;

/** The first block of lines, after `marker`, that are all integers separated by single spaces. */
export function matrixAfter(prompt: string, marker: string): number[][] | undefined {
  const at = prompt.indexOf(marker);
  if (at < 0) return undefined;
  const rows: number[][] = [];
  for (const line of prompt.slice(at + marker.length).split("\n")) {
    const cells = line.trim().split(" ");
    if (line.trim() !== "" && cells.every((c) => INTEGER.test(c))) rows.push(cells.map(Number));
    else if (rows.length > 0) break;
  }
  return rows.length > 0 && rows.length <= 500 && rows.every((r) => r.length === rows[0]!.length) ? rows : undefined;
}

export const matrixText = (rows: readonly (readonly number[])[]) => rows.map((r) => r.join(" ")).join("\n");
/** A count one unit of its leading digit off. */
export const slippedCount = (n: number | bigint) => String(slip(Number(n)));
export const swapFirstTwo = <T>(items: readonly T[]): T[] => [items[1]!, items[0]!, ...items.slice(2)];
export const flipBool = (value: boolean) => ({ right: value ? "True" : "False", wrong: value ? "False" : "True" });

/** A big integer one unit of its leading digit off, as `slip` does for numbers. */
export function slipBig(n: bigint): bigint {
  const digits = (n < 0n ? -n : n).toString().length;
  return n + 10n ** BigInt(digits - 1);
}
