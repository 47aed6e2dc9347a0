// Bench section: stateful environments, issue 13's figures in one run. Blackjack episodes on its
// Worker alone in workerd, each client playing its own hands (/reset, then /step until the hand
// ends; state in the session's Durable Object): steps per second at concurrency 64. Then the tool
// world (stateful_world: tool calls per second, storage per session and its release) and the SQL
// verifications (stateful_sql). Loopback only, bounded counts.
import { Client, rate, startAlone, timed } from "./support/alone.ts";
import { run as world } from "./stateful_world.ts";
import { run as sql } from "./stateful_sql.ts";

const CONCURRENCY = 64;
const HANDS = 640;
const ROW = { responses_create_params: { input: "Deal the cards." } };

const turn = (text: string) => ({ id: "r", output: [{ type: "message", id: "m", role: "assistant", status: "completed", content: [{ type: "output_text", text, annotations: [] }] }] });

async function blackjack(): Promise<void> {
  const { mf, url } = await startAlone("blackjack");
  try {
    let steps = 0;
    const stepTimes: number[] = [];
    const hands = await timed(HANDS, CONCURRENCY, async (_worker, i) => {
      const client = new Client(url);
      await client.post("/reset", { ...ROW, seed: i });
      // Hit once, then stand: every hand takes one or two steps.
      for (const action of ["hit", "stand"]) {
        const began = performance.now();
        const step = await client.post("/step", { ...ROW, seed: i, response: turn(`<action>${action}</action>`) });
        stepTimes.push(performance.now() - began);
        steps++;
        if (step.terminated || step.truncated) break;
      }
    });
    const perStep = rate({ ms: stepTimes.sort((a, b) => a - b), seconds: hands.seconds });
    console.log(JSON.stringify({ section: "stateful", server: "blackjack", concurrency: CONCURRENCY, hands: HANDS, steps, steps_per_s: perStep.per_s, step_p50_ms: perStep.p50_ms, step_p99_ms: perStep.p99_ms, hands_per_s: rate(hands).per_s }));
  } finally {
    await mf.dispose();
  }
}

export async function run(): Promise<void> {
  await blackjack();
  await world();
  await sql();
}
