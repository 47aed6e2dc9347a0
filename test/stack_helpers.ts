// Helpers shared by the Node tests that run a real local stack.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { collect } from "../scripts/collect/collect.ts";

export const readJsonl = (path: string) => readFileSync(path, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l));

/** Collects a bundled environment's example dataset through its simple_agent, quietly. */
export function collectExample(headUrl: string, environment: string, numRepeats: number, dir: string) {
  return collect({
    headUrl,
    input: `workers/resources/${environment}/data/example.jsonl`,
    output: join(dir, `${environment}.jsonl`),
    agent: `${environment}_simple_agent`,
    concurrency: 8,
    numRepeats,
    rolloutTimeoutS: 120,
    progress: false,
  });
}
