// What the emulator could not play, per environment (its /metrics: calls and calls its skill
// declined), said in eval's output: a reward of 0 from an environment whose calls the emulator
// declined says nothing of the verifier, one from calls it played does.
import { ENVIRONMENT_CALLS } from "../../gpu_gateway/emulator/metrics.ts";
import type { LocalProcess } from "./local_process.ts";

export interface Played {
  calls: number;
  declined: number;
}

const SAMPLE = new RegExp(`^${ENVIRONMENT_CALLS}\\{environment=("(?:[^"\\\\]|\\\\.)*"),outcome="(played|declined)"\\} (\\d+)$`, "gm");

/** Calls per environment in one /metrics text. */
export function parseDeclines(metrics: string, into = new Map<string, Played>()): Map<string, Played> {
  for (const [, name, outcome, count] of metrics.matchAll(SAMPLE)) {
    const environment = JSON.parse(name!) as string;
    const played = into.get(environment) ?? { calls: 0, declined: 0 };
    played.calls += Number(count);
    if (outcome === "declined") played.declined += Number(count);
    into.set(environment, played);
  }
  return into;
}

/** Calls per environment over every emulator of a stack; an emulator that does not answer adds nothing. */
export async function emulatorDeclines(emulators: Iterable<LocalProcess>): Promise<Map<string, Played>> {
  const out = new Map<string, Played>();
  for (const emulator of emulators) {
    try {
      const response = await fetch(`${emulator.url}/metrics`, { signal: AbortSignal.timeout(5000) });
      if (response.ok) parseDeclines(await response.text(), out);
    } catch {
      // The counts are a hint in the output, never a reason to fail the eval.
    }
  }
  return out;
}

/**
 * Lines for eval's output: `environments` maps each environment's name in the table to its
 * implementation (what the emulator counts by). Nothing when the emulator declined nothing.
 */
export function declineLines(played: ReadonlyMap<string, Played>, environments: ReadonlyMap<string, string>): string[] {
  const only: string[] = [];
  const some: string[] = [];
  for (const [environment, implementation] of environments) {
    const counts = played.get(implementation);
    if (!counts || counts.declined === 0) continue;
    if (counts.declined === counts.calls) only.push(environment);
    else some.push(`${environment} (${counts.declined} of ${counts.calls} model calls)`);
  }
  const lines: string[] = [];
  if (only.length) lines.push(`The emulator declined every model call of ${only.join(", ")}: it cannot work those rows out, so their rewards say nothing of the verifier (a real model can, or --policy replay:FILE)`);
  if (some.length) lines.push(`The emulator declined some model calls of ${some.join(", ")}: those rollouts' rewards say nothing of the verifier`);
  return lines;
}
