// `npm run parity`: replays the reference system's recorded rollouts through our resources
// servers and compares rewards, for every bundled server the reference has data for (found on
// disk). Rollout rows may carry only the create params, the response and the reward, so each is
// joined with its task row in the reference example.jsonl (same input messages). Then: seed a
// session with the task row, replay the recorded tool calls in order (stateful servers rebuild
// their state this way), and /verify the recorded response. The recorded reward is read only to
// compare, never to compute ours. A disagreement is excused only when the reference graded that
// row with a judge model we don't run, or when the row is listed in STALE (recorded before the
// reference changed its own verifier); both are printed per row. A rollout with no task row to
// join is a disagreement, except for the servers in UNJOINABLE, whose rollouts the reference
// recorded against an older example.jsonl: those rows are printed as not compared, with the reason.
// Episode servers' rollouts (they carry `terminated`) have no /verify: /reset with the task row,
// then /step with each recorded model turn in order; every observation must be the recorded next
// user message, and the summed step rewards, `terminated`, `truncated` and `info` the recorded
// ones. Servers in UNREPLAYABLE cannot be replayed at all (printed as not compared, with why).
// A server's data folders beside its reference rows (workplace_assistant's csv_data/) are its
// world: sent with every row as `world_files` ({path: text}), and on that world every recorded
// tool output must come back as recorded, even for a rollout with no task row to verify against.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { CookieJar } from "../shared/client/cookies.ts";
import { call } from "../shared/client/call.ts";
import { loadConfig } from "./plan/config.ts";
import { startLocalStack } from "./stack/local.ts";
import type { LocalProcess } from "./stack/local_process.ts";
import { startSandboxes, stopAll } from "./stack/up.ts";
import { planWorkers } from "./plan/plan.ts";
import { ROOT, implementations } from "./plan/registry.ts";

const REFERENCE = join(ROOT, "..", "shared", "reference", "nemo_gym");
const REFERENCE_FILES = ["example.jsonl", "example_rollouts.jsonl"];

/** The bundled resources servers (folders under workers/resources/) whose reference data sits under REFERENCE. */
const comparable = (): string[] =>
  implementations("resources_servers").filter((name) => REFERENCE_FILES.every((file) => existsSync(join(REFERENCE, name, file))));

/**
 * Rollouts whose recorded reward predates a change to the reference's own verifier, by server and
 * line: the reward its verifier gives the row now (which ours must match), and why.
 */
const STALE: Record<string, Record<number, { reward: number; why: string }>> = {
  math_with_code: {
    5: {
      reward: 1,
      why: "recorded before NVIDIA-NeMo/Gym PR #768 (2026-03-03) made its \\boxed{} extraction track nested braces: the recorded extracted_answer \\sqrt{2 stops at the first closing brace",
    },
  },
  mcqa: {
    3: {
      reward: 1,
      why: "recorded before NVIDIA-NeMo/Gym PR #1844 (2026-06-30), after which strict_single_letter_boxed reads \\boxed{C: <option text>} as C",
    },
  },
};

/** Servers whose recorded rollouts predate their current example.jsonl, and the evidence. */
const UNJOINABLE: Record<string, string> = {
  structured_outputs:
    "the rollouts predate the current example.jsonl and carry no schema_str (reference README: rollouts from PR #251, 2025-10-29; example.jsonl from PR #1127, 2026-04-27, with other prompts)",
  workplace_assistant: "the rollouts cover other tasks than the example rows and carry no ground_truth (reference README), so no reward can be checked",
};

/** Servers whose recorded rollouts cannot be played again here, and why. */
const UNREPLAYABLE: Record<string, string> = {
  blackjack:
    "the reference deals every rollout from an unseeded random generator (resources_servers/blackjack/app.py: random.Random()), so its cards cannot be dealt again; ours come from the row's seed",
  bird_sql:
    "the reference ran it on BIRD's dev database (california_schools), which it downloads at start-up and the reference data does not include; ours ships other databases",
  genrm_compare:
    "the reference's example_rollouts.jsonl is a placeholder: its 5 rows are the example inputs, with no response and no reward to compare",
  spider2_lite:
    "the reference ran it on Spider 2.0-Lite's SQLite databases (IPL, Pagila, California_Traffic_Collision), which it downloads at start-up and the reference data does not include; ours ships other databases",
};

class NoTaskRow extends Error {}

interface Outcome {
  agree: number;
  total: number;
  /** Rows that differ from the recording for a reason printed with them. */
  excused: string[];
  /** Rows of an UNJOINABLE server with no task row: neither agreement nor disagreement. */
  notCompared: string[];
  disagreements: string[];
}

type Row = Record<string, any>;

const partsText = (content: unknown): string =>
  typeof content === "string" ? content : (content as Row[]).map((part) => (typeof part.text === "string" ? part.text : JSON.stringify(part))).join("\n");

// The conversation a row opens with, as a join key: role and text of each input message.
function inputKey(row: Row): string {
  const input = row.responses_create_params?.input;
  if (typeof input === "string") return JSON.stringify([["user", input]]);
  return JSON.stringify((input as Row[]).map((m) => [m.role, partsText(m.content)]));
}

const usedJudge = (recorded: Row) => Array.isArray(recorded.judge_evaluations) && recorded.judge_evaluations.length > 0;

/** The files under a server's reference folders, by path from its reference directory; undefined when it has none. */
function worldFiles(name: string): Record<string, string> | undefined {
  const dir = join(REFERENCE, name);
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && entry.parentPath !== dir);
  return files.length === 0 ? undefined : Object.fromEntries(files.map((f) => [relative(dir, join(f.parentPath, f.name)), readFileSync(join(f.parentPath, f.name), "utf8")]));
}

const sameOutput = (ours: string, recorded: unknown) => {
  const parse = (text: unknown) => {
    try {
      return JSON.stringify(JSON.parse(String(text)));
    } catch {
      return String(text);
    }
  };
  return parse(ours) === parse(recorded);
};

function readJsonl(path: string): Row[] {
  return readFileSync(path, "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l) as Row);
}

/** Our reward for a recorded rollout; on the reference's world, a tool output unlike the recorded one throws. */
async function replay(url: string, recorded: Row, tasks: Map<string, Row>, world?: Record<string, string>): Promise<number> {
  // The recorded reward stays out of what we send: it is only compared with ours.
  const { reward: _recorded, ...rollout } = recorded;
  const taskRow = tasks.get(inputKey(rollout));
  if (!taskRow && !world) throw new NoTaskRow("no task row in example.jsonl has this rollout's input");
  const row: Row = { ...taskRow, ...rollout, ...(world ? { world_files: world } : {}) };
  const target = { name: "resources", url };
  const jar = new CookieJar();
  const post = async (path: string, body: unknown) => {
    const result = await call(target, path, { body, deadlineMs: 120_000, jar });
    if (result.status !== 200 && (path === "/seed_session" || path === "/verify")) throw new Error(`${path} answered ${result.status}: ${result.text.slice(0, 300)}`);
    return result;
  };
  const { response, ...task } = row;
  await post("/seed_session", task);
  const recordedOutputs = new Map((response.output as any[]).filter((item) => item.type === "function_call_output").map((item) => [item.call_id, item.output]));
  const calls = (response.output as any[]).filter((item) => item.type === "function_call");
  for (const item of calls) {
    const ours = await post(`/${item.name}`, JSON.parse(item.arguments));
    const recordedOutput = recordedOutputs.get(item.call_id);
    if (world && recordedOutput !== undefined && !sameOutput(ours.text, recordedOutput)) {
      throw new Error(`${item.name} answered ${ours.text.slice(0, 300)}, the reference ${String(recordedOutput).slice(0, 300)}`);
    }
  }
  if (!taskRow) throw new NoTaskRow(`no task row in example.jsonl has this rollout's input (its ${calls.length} tool calls answered as recorded on the reference's world)`);
  return (JSON.parse((await post("/verify", row)).text) as { reward: number }).reward;
}

/** The recorded output as the episode's model turns: the items between the environment's user messages. */
function modelTurns(output: Row[]): { turn: Row[]; observation: string | undefined }[] {
  const turns: { turn: Row[]; observation: string | undefined }[] = [{ turn: [], observation: undefined }];
  for (const item of output) {
    if (item.type === "message" && item.role === "user") {
      turns.at(-1)!.observation = partsText(item.content);
      turns.push({ turn: [], observation: undefined });
    } else {
      turns.at(-1)!.turn.push(item);
    }
  }
  return turns.filter((t) => t.turn.length > 0);
}

/** Our reward for a recorded episode; a step that answers differently from the recording throws why. */
async function replayEpisode(url: string, recorded: Row, tasks: Map<string, Row>): Promise<number> {
  const taskRow = tasks.get(inputKey(recorded));
  if (!taskRow) throw new NoTaskRow("no task row in example.jsonl has this rollout's input");
  const jar = new CookieJar();
  const post = async (path: string, body: unknown) => {
    const result = await call({ name: "resources", url }, path, { body, deadlineMs: 120_000, jar });
    if (result.status !== 200) throw new Error(`${path} answered ${result.status}: ${result.text.slice(0, 300)}`);
    return JSON.parse(result.text) as Row;
  };
  await post("/reset", taskRow);
  let total = 0;
  let last: Row = {};
  for (const [i, { turn, observation }] of modelTurns(recorded.response.output).entries()) {
    last = await post("/step", { ...taskRow, response: { ...recorded.response, output: turn } });
    total += last.reward as number;
    if ((last.observation ?? undefined) !== observation) {
      throw new Error(`step ${i + 1} answered observation ${JSON.stringify(last.observation)}, the reference ${JSON.stringify(observation ?? null)}`);
    }
  }
  for (const field of ["terminated", "truncated", "info"]) {
    if (JSON.stringify(last[field]) !== JSON.stringify(recorded[field])) throw new Error(`${field}: reference ${JSON.stringify(recorded[field])}, ours ${JSON.stringify(last[field])}`);
  }
  return total;
}

function tally(server: string, line: number, recorded: Row, ours: number, outcome: Outcome): void {
  const stale = STALE[server]?.[line];
  if (stale) {
    const note = `row ${line}: reference recorded ${recorded.reward}, ${stale.why}; its verifier now gives ${stale.reward}, ours ${ours}`;
    (ours === stale.reward ? outcome.excused : outcome.disagreements).push(note);
  } else if (ours === recorded.reward) {
    outcome.agree++;
  } else if (usedJudge(recorded)) {
    outcome.excused.push(`row ${line}: reference reward ${recorded.reward} came from a judge model we don't run, ours ${ours}`);
  } else {
    outcome.disagreements.push(`row ${line}: reference reward ${recorded.reward}, ours ${ours}`);
  }
}

async function main(): Promise<number> {
  if (!existsSync(REFERENCE)) {
    console.error(`parity: reference data not found at ${REFERENCE} (it sits beside the repository and is not shipped)`);
    return 2;
  }
  const servers = comparable();
  if (servers.length === 0) {
    console.error(`parity: no bundled resources server has reference data (${REFERENCE_FILES.join(", ")}) under ${REFERENCE}`);
    return 2;
  }
  const { instances, config } = loadConfig(undefined, []);
  const resources = instances.filter((i) => i.serverType === "resources_servers" && servers.includes(i.name));
  const specs = planWorkers(resources, 0);
  // Only resources servers run here, so a reference to a model (a judge) is left unbound: the
  // bundled configs keep their judges off, and a row the reference judged is excused anyway.
  const planned = new Set(specs.map((spec) => spec.name));
  for (const spec of specs) spec.services = Object.fromEntries(Object.entries(spec.services).filter(([, worker]) => planned.has(worker)));
  // Code environments run their tests in the local sandbox, as the stack runs them.
  const sandboxes = new Map<string, LocalProcess>();
  await (await startSandboxes(specs, sandboxes)).ready;
  const stack = await startLocalStack({ specs, instances: resources, config, sessionSecret: randomBytes(32).toString("hex") }).catch(async (err: unknown) => {
    await stopAll(sandboxes);
    throw err;
  });
  let failed = false;
  try {
    for (const name of servers) {
      const url = stack.urls.get(name);
      if (!url) throw new Error(`no resources server "${name}" in the bundled config`);
      const tasks = new Map(readJsonl(join(REFERENCE, name, "example.jsonl")).map((row) => [inputKey(row), row]));
      const rollouts = readJsonl(join(REFERENCE, name, "example_rollouts.jsonl"));
      const world = worldFiles(name);
      const outcome: Outcome = { agree: 0, total: rollouts.length, excused: [], notCompared: [], disagreements: [] };
      for (const [i, recorded] of rollouts.entries()) {
        if (UNREPLAYABLE[name]) {
          outcome.notCompared.push(`row ${i + 1}: not compared: ${UNREPLAYABLE[name]}`);
          continue;
        }
        try {
          const ours = "terminated" in recorded ? await replayEpisode(url, recorded, tasks) : await replay(url, recorded, tasks, world);
          tally(name, i + 1, recorded, ours, outcome);
        } catch (err) {
          const unjoinable = err instanceof NoTaskRow ? UNJOINABLE[name] : undefined;
          if (unjoinable) outcome.notCompared.push(`row ${i + 1}: not compared: ${(err as Error).message}; ${unjoinable}`);
          else outcome.disagreements.push(`row ${i + 1}: ${(err as Error).message}`);
        }
      }
      failed ||= outcome.disagreements.length > 0;
      const excused = outcome.excused.length > 0 ? `, ${outcome.excused.length} excused` : "";
      const notCompared = outcome.notCompared.length > 0 ? `, ${outcome.notCompared.length} not compared` : "";
      console.log(`${name.padEnd(30)} ${outcome.agree}/${outcome.total} agree${excused}${notCompared}`);
      for (const line of [...outcome.excused, ...outcome.notCompared, ...outcome.disagreements]) console.log(`  ${line}`);
    }
  } finally {
    await stack.dispose();
    await stopAll(sandboxes);
  }
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(`parity: ${err.message}`);
    process.exit(1);
  },
);
