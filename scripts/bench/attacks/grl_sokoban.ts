// grl_sokoban: replies that name no move, or hide one where the reference would not read it, sent to
// the environment's /step. Each must be refused (400 invalid_action, which the agent scores as the
// end of the episode); one read as a move is a reward the verifier would not give, and a 5xx or a
// hang is a sample the model dropped.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../../plan/registry.ts";
import type { Attack, AttackContext, AttackResult } from "./attack.ts";

const HOSTILE = [
  "<action>-1</action>",
  "<action>0</action>",
  "<action>+2</action>",
  "<action>up-left</action>",
  "<action></action> then up",
  "I go up <action>jump</action>",
  "<action>Up",
  "éup",
  "setup, update, upward",
  "١up",
  "<action>\ufeffup</action>",
  "rıght then up",
  "x_1",
  "I won't move.",
  "",
  "<ACTION>nope</ACTION> down",
];
const DEADLINE_MS = 10_000;

const reply = (text: string) => ({ id: "attack", output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] }] });

async function run(context: AttackContext): Promise<AttackResult> {
  const row = JSON.parse(readFileSync(join(ROOT, "workers/resources/grl_sokoban/data/example.jsonl"), "utf8").split("\n")[0]!);
  const url = context.url("grl_sokoban");
  let rewards_changed = 0;
  let samples_dropped = 0;
  const read: string[] = [];
  for (const text of HOSTILE) {
    const reset = await fetch(`${url}/reset`, { method: "POST", headers: context.headers, body: JSON.stringify(row), signal: AbortSignal.timeout(DEADLINE_MS) });
    await reset.arrayBuffer();
    const cookie = reset.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    try {
      const step = await fetch(`${url}/step`, { method: "POST", headers: { ...context.headers, cookie }, body: JSON.stringify({ ...row, response: reply(text) }), signal: AbortSignal.timeout(DEADLINE_MS) });
      const body = (await step.json()) as { error?: { type?: string } };
      if (step.status === 200) {
        rewards_changed++;
        read.push(text);
      } else if (step.status !== 400 || body.error?.type !== "invalid_action") samples_dropped++;
    } catch {
      samples_dropped++;
    }
  }
  return { attempts: HOSTILE.length, rewards_changed, samples_dropped, detail: { read_as_a_move: read } };
}

export const attacks: Attack[] = [{ surface: "grl_sokoban", name: "replies_that_name_no_move", needs: ["grl_sokoban"], run }];
