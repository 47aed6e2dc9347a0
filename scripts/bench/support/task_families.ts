// `bench verify` per task family, for an environment whose rows name one (metadata.source_dataset,
// reasoning-gym's): a family it generates gets TASKS tasks made at /seed_session (the generation,
// timed) and scored at /verify with their own stored answer (generation again, and scoring, timed);
// a family it does not generate is timed on the stored rows of the example datasets, answered with
// their own answer, TIMES each. Through workerd at concurrency 1. Goals (issue 32): at most 5 ms
// median to generate and to score, at default difficulty.
import { call } from "../../../shared/client/call.ts";
import { percentile } from "./percentile.ts";
import { round } from "./alone.ts";

type Row = Record<string, any>;
const TASKS = 20;
const TIMES = 10;
const GOAL_MEDIAN_MS = 5;

async function timed(url: string, path: string, body: Row): Promise<{ ms: number; json: Row; ok: boolean }> {
  const began = performance.now();
  const result = await call({ name: "resources", url }, path, { body, deadlineMs: 60_000, attempts: 1 });
  return { ms: performance.now() - began, json: JSON.parse(result.text) as Row, ok: result.status === 200 };
}

const answered = (text: string) => ({ id: "bench", output: [{ type: "message", role: "assistant", id: "m", status: "completed", content: [{ type: "output_text", text, annotations: [] }] }] });

/** One line per generated dataset of the environment at `url`. */
export async function benchGenerated(environment: string, url: string, datasets: readonly string[]): Promise<void> {
  for (const dataset of datasets) {
    const generate: number[] = [];
    const verify: number[] = [];
    const rewards: number[] = [];
    let refused: string | undefined;
    for (let index = 0; index < TASKS; index++) {
      const row = { source_dataset: dataset, seed: 1, index };
      const seeded = await timed(url, "/seed_session", row);
      // The stored answer, as /verify reports the task it made (none for some validity families).
      const task = await timed(url, "/verify", { ...row, response: answered("") });
      if (!seeded.ok || !task.ok) {
        refused = (seeded.ok ? task : seeded).json.error?.message;
        continue;
      }
      const stored = task.json.answer;
      const scored = await timed(url, "/verify", { ...row, response: answered(`<answer>${stored ?? ""}</answer>`) });
      generate.push(seeded.ms);
      verify.push(scored.ms);
      if (typeof stored === "string") rewards.push(scored.json.reward as number);
    }
    if (generate.length === 0) {
      // composite, say, makes nothing until its config names the datasets it mixes.
      console.log(JSON.stringify({ section: "verify", environment, dataset, skipped: `no task at the default config: ${refused}` }));
      continue;
    }
    generate.sort((a, b) => a - b);
    verify.sort((a, b) => a - b);
    const generateMedian = percentile(generate, 50);
    const verifyMedian = percentile(verify, 50);
    console.log(
      JSON.stringify({
        section: "verify",
        environment,
        dataset,
        tasks: generate.length,
        generate_median_ms: round(generateMedian, 2),
        generate_p99_ms: round(percentile(generate, 99), 2),
        // /verify makes the task again before it scores it.
        verify_median_ms: round(verifyMedian, 2),
        verify_p99_ms: round(percentile(verify, 99), 2),
        // null: the family stores no answer (any valid solution scores).
        stored_answer_mean_reward: rewards.length ? round(rewards.reduce((a, b) => a + b, 0) / rewards.length, 3) : null,
        meets_goals: generateMedian <= GOAL_MEDIAN_MS && verifyMedian <= GOAL_MEDIAN_MS,
      }),
    );
  }
}

/** One line per family of the stored rows (those naming one in metadata.source_dataset) that is not generated. */
export async function benchStored(environment: string, url: string, rows: readonly Row[], generated: readonly string[]): Promise<void> {
  const byFamily = new Map<string, Row[]>();
  for (const row of rows) {
    const family = row.metadata?.source_dataset;
    if (typeof family === "string" && !generated.includes(family)) byFamily.set(family, [...(byFamily.get(family) ?? []), row]);
  }
  for (const [dataset, stored] of byFamily) {
    const verify: number[] = [];
    const rewards: number[] = [];
    for (const row of stored) {
      for (let i = 0; i < TIMES; i++) {
        const scored = await timed(url, "/verify", { ...row, response: answered(`<answer>${row.answer ?? ""}</answer>`) });
        if (!scored.ok) continue;
        verify.push(scored.ms);
        if (i === 0) rewards.push(scored.json.reward as number);
      }
    }
    if (verify.length === 0) continue;
    verify.sort((a, b) => a - b);
    const median = percentile(verify, 50);
    console.log(
      JSON.stringify({
        section: "verify",
        environment,
        dataset,
        stored_rows: stored.length,
        verify_median_ms: round(median, 2),
        verify_p99_ms: round(percentile(verify, 99), 2),
        stored_answer_mean_reward: rewards.length ? round(rewards.reduce((a, b) => a + b, 0) / rewards.length, 3) : null,
        meets_goals: median <= GOAL_MEDIAN_MS,
      }),
    );
  }
}
