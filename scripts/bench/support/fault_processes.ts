// The processes `bench faults` drives: an `edge-gym collect` child as a user runs it, and the
// files it watches grow (the workerd runtimes it kills are found by support/workerd.ts).
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createInterface } from "node:readline";

export interface Collector {
  child: ChildProcess;
  /** Exit code, or null when killed by a signal; and the wall time from start to exit. */
  exited: Promise<{ code: number | null; seconds: number }>;
  stdout(): string;
  /** Its one-line errors (`edge-gym: ...`), not its progress lines. */
  errors(): string[];
}

/** `edge-gym collect ARGS` in a child process; its report and errors kept, its progress dropped. */
export function startCollector(args: string[]): Collector {
  const began = performance.now();
  const child = spawn(process.execPath, ["scripts/edge-gym.ts", "collect", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  const errors: string[] = [];
  createInterface({ input: child.stderr! }).on("line", (line) => {
    if (line.startsWith("edge-gym:")) errors.push(line);
  });
  const exited = new Promise<{ code: number | null; seconds: number }>((resolve) =>
    child.once("close", (code) => resolve({ code, seconds: (performance.now() - began) / 1000 })),
  );
  return { child, exited, stdout: () => stdout, errors: () => errors };
}

export const lineCount = (path: string) => (existsSync(path) ? readFileSync(path, "utf8").split("\n").filter(Boolean).length : 0);

/** Polls until `path` has `n` lines; throws if `alive` turns false first or after `boundMs`. */
export async function untilLines(path: string, n: number, alive: () => boolean, boundMs: number): Promise<void> {
  const deadline = Date.now() + boundMs;
  while (lineCount(path) < n) {
    if (!alive()) throw new Error(`${path}: the run ended with ${lineCount(path)} lines, before ${n}`);
    if (Date.now() > deadline) throw new Error(`${path}: ${lineCount(path)} lines after ${boundMs} ms, waiting for ${n}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
