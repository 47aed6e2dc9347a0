// `npm run parity`: replays the reference system's recorded rollouts through our resources
// servers and compares rewards, for every server folder the reference data has (found on disk). A
// reference server is ours when an implementation has its name, or an alias of it (NeMo's
// grl_sokoban); the others are listed as not bundled, with their rollout counts.
// Rollout rows may carry only the create params, the response and the reward, so each is joined
// with its task row: the example.jsonl row at its `_ng_task_index` when that row's input opens the
// rollout's, else the row with the same input messages, else the one with its task id, else a row
// it was recorded on that example.jsonl no longer holds (OLDER_TASKS). Then: seed a session with
// the task row, replay the recorded tool calls in order (stateful servers rebuild their state this
// way), and /verify the recorded response. The recorded reward is read only to compare, never to
// compute ours.
// Episode servers' rollouts (they carry `terminated`) have no /verify: /reset with the task row
// (its observation must be the one recorded after the row's input), then /step with each recorded
// model turn in order (shared/rollouts/recorded.ts splits them, as the emulator's replay policy
// does); every observation must be the recorded next user message, and the summed step rewards,
// `terminated`, `truncated` and `info` the recorded ones. An episode a script recorded step by step
// (its row carries a `trajectory`) is replayed one recorded action at a time (replayTrajectory).
// A server's data folders beside its reference rows (workplace_assistant's csv_data/) are its
// world: sent with every row as `world_files` ({path: text}), and on that world every recorded
// tool output must come back as recorded, even for a rollout with no task row to verify against.
// A judging server's calls are answered by a replay judge (parity/judge_replay.ts) with the replies
// the reference's judge gave for that rollout (the server's Declaration.recordedJudgeReplies), in
// the order asked, one at a time; then its verify fields are compared with the recorded ones too,
// so prompt filling, verdict parsing and aggregation are checked on the reference's own
// judgements. A row whose recording holds no judge replies is not compared when ours asks.
// A difference is excused only when EXPLAINED lists the row with what ours gives and why. A row is not compared only for a
// reason the tables below give its server (no task row, another deal, data not loaded) or when the
// reference's rollout is a placeholder; each is printed with why. Anything else is a disagreement,
// and the run fails. The summary table at the end is the one in docs/architecture.md ("Parity").
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { CookieJar } from "../shared/client/cookies.ts";
import { parseExact } from "../shared/json/exact.ts";
import { call } from "../shared/client/call.ts";
import { contentText, modelTurns } from "../shared/rollouts/recorded.ts";
import { bundledAs, inputMessages, taskRowOf } from "./parity/match.ts";
import { FAILURE_CLASS_KEY } from "../shared/schemas/run.ts";
import { loadConfig } from "./plan/config.ts";
import { startLocalStack } from "./stack/local.ts";
import type { LocalProcess } from "./stack/local_process.ts";
import { startSandboxes, stopAll } from "./stack/up.ts";
import { REPLAY_MODEL, startReplayJudge, type ReplayJudge } from "./parity/judge_replay.ts";
import type { Instance } from "../shared/config/instances.ts";
import type { ResourcesDeclaration } from "../shared/declaration.ts";
import { ServerRef } from "../shared/schemas/config.ts";
import { planWorkers } from "./plan/plan.ts";
import { IMPLEMENTATIONS, ROOT, type Implementation } from "./plan/registry.ts";
import { exitFlushed } from "./exit.ts";

const REFERENCE = join(ROOT, "..", "shared", "reference", "nemo_gym");
const ROLLOUTS = "example_rollouts.jsonl";
const TASKS = "example.jsonl";

/**
 * Rollouts where our verdict differs from the recorded one for a reason found and written down,
 * by server and line: what ours gives (a reward, or the error a refused row gets), and why. A row
 * listed here that comes out otherwise is a disagreement; one that agrees is counted as agreeing.
 */
const EXPLAINED: Record<string, Record<number, { ours: number | RegExp; why: string; short: string }>> = {
  grl_tetris: {
    1: {
      ours: /^step 1 answered observation "Tetris board:/,
      why: "the same first board, then another piece: the reference's deal is weighted by shape counts from an unseeded deal in its constructor (tetris_env.py __init__); ours start them at zero",
      short: "piece weights carried over from an unseeded deal",
    },
  },
  math_with_code: {
    5: {
      ours: 1,
      why: "recorded before NVIDIA-NeMo/Gym PR #768 (2026-03-03) made its \\boxed{} extraction track nested braces: the recorded extracted_answer \\sqrt{2 stops at the first closing brace; its verifier now gives 1",
      short: "recorded before NeMo's \\boxed{} fix (PR #768)",
    },
  },
  simpleqa: Object.fromEntries(
    [4, 5].map((row) => [
      row,
      {
        ours: /^reward reference 0, ours 1; verify fields differ: verdict: reference "(incorrect|not_attempted)", ours "correct"/,
        why: "the recorded judge reply is synthetic (\"After reviewing ..., the grade is B.\"): it begins with A, which NeMo Gym's own parse_judge_grade (first character first) reads as A, CORRECT, as ours does; the recording says otherwise",
        short: "synthetic judge replies NeMo's own parse reads as A",
      },
    ]),
  ),
  mcqa: {
    3: {
      ours: 1,
      why: "recorded before NVIDIA-NeMo/Gym PR #1844 (2026-06-30), after which strict_single_letter_boxed reads \\boxed{C: <option text>} as C; its verifier now gives 1",
      short: "recorded before NeMo's \\boxed{C: text} fix (PR #1844)",
    },
  },
};

/**
 * Task rows the reference's rollouts were recorded on that its example.jsonl no longer holds, kept
 * beside this script: the task fields only, each under the SHA-256 of its input messages (as
 * inputMessages renders them). structured_outputs' rollouts date from NVIDIA-NeMo/Gym PR #251
 * (45f090fb3, 2025-10-29; data Apache 2.0), before example.jsonl was replaced with other prompts
 * (PR #1127); their prompts quote a schema, but not always the one verified (the festival row
 * quotes only its properties), so the rows' schema_str is needed.
 */
const OLDER_TASKS: Record<string, string> = { structured_outputs: join(ROOT, "scripts/parity/structured_outputs_tasks.jsonl") };

/** Servers whose recorded rollouts were made on other task rows than their example.jsonl, and the evidence. */
const UNJOINABLE: Record<string, { why: string; short: string }> = {
  workplace_assistant: {
    why: "the rollouts cover other tasks than the example rows and carry no ground_truth (reference README; no example.jsonl in the reference's history has these tasks), so no reward can be checked",
    short: "rollouts cover other tasks, no ground_truth; tool outputs checked",
  },
  math_advanced_calculations: {
    why: "the rollouts cover other tasks than the example rows and carry no ground_truth (reference README), so no reward can be checked against a recorded task",
    short: "rollouts cover other tasks, no ground_truth",
  },
  indirect_prompt_injection: {
    why: "the rollouts are all one healthcare lab-results task (patient P12345) that no example.jsonl in the reference's history holds (its data folder has one commit), and they carry neither its environment nor its injection, so no reward can be checked",
    short: "rollouts cover another task, no injection recorded",
  },
};

/**
 * Episode servers whose first observation cannot be the reference's: a rollout whose /reset
 * answers another board or hand than the recorded one is not compared (printed with both).
 */
const OTHER_START: Record<string, { why: string; short: string }> = {
  blackjack: {
    why: "the reference deals every rollout from an unseeded random generator (resources_servers/blackjack/app.py: random.Random()), so its cards cannot be dealt again; ours come from the row's seed",
    short: "reference dealer unseeded: other cards dealt",
  },
  grl_tetris: {
    why: "the reference's TetrisEnv resets once unseeded in its constructor (tetris_env.py __init__), dealing dim_x*dim_y+1 pieces whose shape counts then weight the seeded deal, so a row's pieces depend on an unseeded draw; ours start the counts at zero",
    short: "piece weights carried over from an unseeded deal",
  },
  grl_sokoban: {
    why: "the reference generates its levels with gym-sokoban's room generator over numpy's random state; ours come from our own generator (workers/resources/grl_sokoban/level.ts), so the same seed and dim_room give another board",
    short: "levels from our own generator: other boards",
  },
};

/**
 * Servers whose verifier needs data the reference downloads and its files do not include: a row
 * /verify cannot score for want of it (its failure names a database) is not compared.
 */
const MISSING_DATA: Record<string, { why: string; short: string }> = {
  bird_sql: {
    why: "the reference ran it on BIRD's dev database (california_schools), which it downloads at start-up and the reference data does not include (load it with `npx edge-gym databases import bird_sql california_schools.sqlite` to compare)",
    short: "BIRD's california_schools database not loaded",
  },
  spider2_lite: {
    why: "the reference ran it on Spider 2.0-Lite's SQLite databases (IPL, Pagila, California_Traffic_Collision), which it downloads at start-up and the reference data does not include (load them with `npx edge-gym databases import spider2_lite FILE.sqlite...` to compare)",
    short: "Spider 2.0-Lite databases not loaded",
  },
};

class NoTaskRow extends Error {}
/** Ours asked a judge the reference's recording holds no replies of. */
class NoJudgeReplies extends Error {}
/** /reset dealt another start than the recorded one. */
class OtherStart extends Error {}
/** /verify could not score the row (it answered a failure class): no reward to compare. */
class NotScored extends Error {}
/** The reference's rollout has no response or no reward (a placeholder). */
class Placeholder extends Error {}

/** Why a rollout is not compared, when the error is one the server's entries above explain. */
function excuse(server: string, err: unknown): { why: string; short: string } | undefined {
  if (err instanceof Placeholder) return { why: "the reference's rollout is a placeholder, with no response or no reward to compare", short: "placeholder rollouts: no response, no reward" };
  if (err instanceof NoJudgeReplies) return { why: "the reference's rollout records the reward only, not its judge's replies, so its judge cannot be replayed", short: "judge replies not recorded" };
  if (err instanceof NoTaskRow) return UNJOINABLE[server];
  if (err instanceof OtherStart) return OTHER_START[server];
  if (err instanceof NotScored && /database|\.sqlite\b/i.test(err.message)) return MISSING_DATA[server];
  return undefined;
}

interface Outcome {
  server: string;
  /** Our implementation's folder, when the reference names it otherwise (an alias). */
  folder: string | undefined;
  total: number;
  agree: number;
  /** Rows that differ from the recording for a reason printed with them. */
  excused: string[];
  /** Rows that could not be compared: neither agreement nor disagreement. */
  notCompared: string[];
  /** Short reasons for the excused and not compared rows, for the summary. */
  why: Set<string>;
  disagreements: string[];
}

type Row = Record<string, any>;

/**
 * Verify fields a server records in another form than the reference's, by server, with why: not
 * compared (printed once per server). Every other recorded field must agree.
 */
const SYMPY_PRINT = { extracted_answer: "the reference records the answer as sympy prints its parse (83/499, sqrt(2), 1.25000000000000), ours as the answer's LaTeX; no reward reads it" };
const FIELDS_OTHERWISE: Record<string, Record<string, string>> = { math_with_judge: SYMPY_PRINT, physics_judge: SYMPY_PRINT, ugphysics_judge: SYMPY_PRINT };

/** Keys of a recorded rollout that are not verify fields: the request's (a row's `metadata` is echoed), and collection bookkeeping. */
const NOT_VERIFY_FIELDS = new Set(["responses_create_params", "response", "reward", "agent_ref", "judge_evaluations", "metadata"]);

/** The verify fields the reference recorded beyond the task row's (judge_evaluations hold response ids and timings: compared by count). */
const recordedVerifyFields = (recorded: Row, taskRow: Row) =>
  Object.keys(recorded).filter((key) => !NOT_VERIFY_FIELDS.has(key) && !key.startsWith("_ng_") && !Object.hasOwn(taskRow, key));

const same = (a: unknown, b: unknown): boolean => {
  if (typeof a === "number" && typeof b === "number") return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (a && b && typeof a === "object" && typeof b === "object") {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => same((a as Row)[k], (b as Row)[k]));
  }
  return a === b;
};

/** Where our verify fields differ from the recorded ones; empty when they agree. */
function fieldDifferences(server: string, ours: Row, recorded: Row, taskRow: Row): string[] {
  const otherwise = FIELDS_OTHERWISE[server] ?? {};
  const differences = recordedVerifyFields(recorded, taskRow).filter((key) => !Object.hasOwn(otherwise, key)).flatMap((key) =>
    !Object.hasOwn(ours, key) ? [`${key}: ours has none, reference ${JSON.stringify(recorded[key]).slice(0, 200)}`] : same(ours[key], recorded[key]) ? [] : [`${key}: reference ${JSON.stringify(recorded[key]).slice(0, 200)}, ours ${JSON.stringify(ours[key]).slice(0, 200)}`],
  );
  const count = (v: unknown) => (Array.isArray(v) ? v.length : 0);
  if (count(recorded.judge_evaluations) !== count(ours.judge_evaluations)) differences.push(`judge_evaluations: reference ${count(recorded.judge_evaluations)} calls, ours ${count(ours.judge_evaluations)}`);
  return differences;
}

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

/** A rollouts file's rows; a line that is not JSON (NeMo's `<PLACEHOLDER ROW>`) is an empty row, a placeholder. */
const readRollouts = (path: string): Row[] =>
  readFileSync(path, "utf8").split("\n").filter((l) => l.trim()).map((l) => {
    try {
      const row = JSON.parse(l) as Row;
      // A scripted trajectory's actions are replayed as written: 10.0 stays a float (the server echoes its repr).
      if (row.trajectory) row.trajectory = (parseExact(l) as Row).trajectory;
      return row;
    } catch {
      return {};
    }
  });

/** A judging server's replay: its declaration's reading of recorded judge replies, and the judge answering with them. */
interface JudgeReplay {
  replies: NonNullable<ResourcesDeclaration["recordedJudgeReplies"]>;
  judge: ReplayJudge;
}

/** Our reward for a recorded rollout; on the reference's world, a tool output unlike the recorded one throws. */
async function replay(server: string, url: string, recorded: Row, tasks: Row[], world: Record<string, string> | undefined, judged: JudgeReplay | undefined, taskSchema: ResourcesDeclaration["task"]): Promise<number> {
  // The recorded reward stays out of what we send: it is only compared with ours.
  const { reward: _recorded, ...rollout } = recorded;
  // A rollout recorded on a task example.jsonl does not hold (graphwalks' larger ones) is its own task row when it carries every task field.
  const { response: _response, ...ownTask } = rollout;
  const taskRow = taskRowOf(rollout, tasks) ?? (!UNJOINABLE[server] && taskSchema.safeParse(ownTask).success ? ownTask : undefined);
  if (!taskRow && !world) throw new NoTaskRow("no task row in example.jsonl has this rollout's input");
  // A judged row's recorded verify fields are compared with ours, so they are not sent: echoed back, they would agree by themselves.
  const sent = judged && taskRow ? Object.fromEntries(Object.entries(rollout).filter(([key]) => !recordedVerifyFields(recorded, taskRow).includes(key))) : rollout;
  const row: Row = { ...taskRow, ...sent, ...(world ? { world_files: world } : {}) };
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
  const replies = judged?.replies(recorded);
  judged?.judge.load(replies ?? []);
  const verdict = JSON.parse((await post("/verify", row)).text) as { reward: number; [FAILURE_CLASS_KEY]?: string; error?: { message?: string } };
  const asked = judged?.judge.counts();
  if (asked && asked.asked > 0 && replies === undefined) throw new NoJudgeReplies(`ours asked its judge ${asked.asked} time(s)`);
  if (asked && asked.unanswered > 0) throw new Error(`ours asked its judge ${asked.asked} times, the reference recorded ${replies!.length} replies`);
  if (verdict[FAILURE_CLASS_KEY]) throw new NotScored(`/verify could not score it (${verdict[FAILURE_CLASS_KEY]}: ${verdict.error?.message ?? "no message"})`);
  if (judged) {
    const differences = fieldDifferences(server, verdict, recorded, taskRow);
    if (differences.length > 0) throw new Error(`reward reference ${recorded.reward}, ours ${verdict.reward}; verify fields differ: ${differences.join("; ")}`);
  }
  return verdict.reward;
}

const userText = (items: readonly Row[]): string | undefined => {
  const message = items.find((item) => (item.type ?? "message") === "message" && item.role === "user");
  return message ? contentText(message.content) : undefined;
};

/** Our reward for a recorded episode; a step that answers differently from the recording throws why. */
async function replayEpisode(url: string, recorded: Row, tasks: Row[]): Promise<number> {
  const taskRow = taskRowOf(recorded, tasks);
  if (!taskRow) throw new NoTaskRow("no task row in example.jsonl has this rollout's input");
  const jar = new CookieJar();
  const post = async (path: string, body: unknown) => {
    const result = await call({ name: "resources", url }, path, { body, deadlineMs: 120_000, jar });
    if (result.status !== 200) throw new Error(`${path} answered ${result.status}: ${result.text.slice(0, 300)}`);
    return JSON.parse(result.text) as Row;
  };
  const reset = await post("/reset", taskRow);
  // The reference's agent puts the first observation after the row's input.
  const recordedInput = recorded.responses_create_params.input as Row[];
  const first = typeof recordedInput === "string" ? undefined : userText(recordedInput.slice(inputMessages(taskRow).length));
  if (first !== undefined && (reset.observation ?? undefined) !== first) {
    throw new OtherStart(`/reset answered observation ${JSON.stringify(reset.observation)}, the reference ${JSON.stringify(first)}`);
  }
  let total = 0;
  let last: Row = {};
  for (const [i, { turn, next }] of modelTurns(recorded.response.output).entries()) {
    last = await post("/step", { ...taskRow, response: { ...recorded.response, output: turn } });
    total += last.reward as number;
    const observation = userText(next);
    // The reference's agent drops the observation of the step that ends the episode, so a recording holds none to compare.
    const ended = last.terminated === true || last.truncated === true;
    if (!(ended && observation === undefined) && (last.observation ?? undefined) !== observation) {
      throw new Error(`step ${i + 1} answered observation ${JSON.stringify(last.observation)}, the reference ${JSON.stringify(observation ?? null)}`);
    }
  }
  for (const field of ["terminated", "truncated", "info"]) {
    if (JSON.stringify(last[field]) !== JSON.stringify(recorded[field])) throw new Error(`${field}: reference ${JSON.stringify(recorded[field])}, ours ${JSON.stringify(last[field])}`);
  }
  return total;
}

/**
 * Our reward for an episode recorded by a script rather than the agent loop (openair_congestion's
 * generate_example_rollouts.py): its row carries a `trajectory` of steps, each with the action
 * played, the observations before and after it, the reward and its terms and measurements. /reset
 * with the row as the script sent it (its own max_steps), then /step each recorded action as the
 * model's one tool call, and compare every step string for string and number for number. The
 * recording sorted the arguments' keys; the script wrote them in the order of the tool's
 * `required` list, and the server echoes them in the order given, so they are sent in that order.
 */
async function replayTrajectory(url: string, recorded: Row): Promise<number> {
  const { trajectory, response, reward, terminated, truncated, info, ...row } = recorded;
  const jar = new CookieJar();
  const post = async (path: string, body: unknown) => {
    const result = await call({ name: "resources", url }, path, { body, deadlineMs: 120_000, jar });
    if (result.status !== 200) throw new Error(`${path} answered ${result.status}: ${result.text.slice(0, 300)}`);
    return JSON.parse(result.text) as Row;
  };
  const tools = row.responses_create_params.tools as Row[];
  let observation = (await post("/reset", row)).observation;
  let total = 0;
  let last: Row = {};
  for (const [i, step] of (trajectory as Row[]).entries()) {
    const differs = (what: string, ours: unknown, theirs: unknown) => new Error(`step ${i + 1} ${what}: reference ${JSON.stringify(theirs)}, ours ${JSON.stringify(ours)}`);
    if (observation !== step.observation) throw differs("observation", observation, step.observation);
    const order: string[] = tools.find((tool) => tool.name === step.action.name)?.parameters?.required ?? [];
    const args = Object.fromEntries([...order, ...Object.keys(step.action.arguments)].map((key) => [key, step.action.arguments[key]]));
    const turn = [{ type: "function_call", call_id: `call_${i}`, name: step.action.name, arguments: JSON.stringify(args) }];
    last = await post("/step", { ...row, response: { ...response, output: turn } });
    if (last.observation !== step.next_observation) throw differs("next observation", last.observation, step.next_observation);
    if (last.reward !== Number(step.reward)) throw differs("reward", last.reward, step.reward);
    for (const field of ["reward_terms", "reward_measurements"]) {
      for (const [key, value] of Object.entries(step[field] as Row)) {
        if (last.info[field]?.[key] !== Number(value)) throw differs(`${field}.${key}`, last.info[field]?.[key], value);
      }
    }
    observation = last.observation;
    total += last.reward as number;
  }
  if (last.terminated !== terminated || last.truncated !== truncated) throw new Error(`ended terminated ${last.terminated}, truncated ${last.truncated}; the reference ${terminated}, ${truncated}`);
  return total;
}

/**
 * Our reward for a recorded aviary episode (its response says `contains_transitions`): seed the
 * row's task_idx, /step each recorded model turn's function calls (its outputs must come back as
 * recorded), then /verify the response with our environment's id.
 */
async function replayAviary(url: string, recorded: Row): Promise<number> {
  const jar = new CookieJar();
  const post = async (path: string, body: unknown) => {
    const result = await call({ name: "resources", url }, path, { body, deadlineMs: 120_000, jar });
    if (result.status !== 200) throw new Error(`${path} answered ${result.status}: ${result.text.slice(0, 300)}`);
    return JSON.parse(result.text) as Row;
  };
  const seed = await post("/seed_session", { task_idx: recorded.task_idx });
  const output = recorded.response.output as Row[] | Row[][];
  // With transitions, the last snapshot is the whole episode's input: the row's, the seed's observations, then the turns.
  const items = (recorded.response.contains_transitions ? (output.at(-1) ?? []) : output) as Row[];
  const skipped = recorded.response.contains_transitions ? inputMessages(recorded).length + (seed.obs as Row[]).length : 0;
  for (const [i, { turn, next }] of modelTurns(items.slice(skipped)).entries()) {
    const action = turn.filter((item) => item.type === "function_call");
    // A turn of text alone ended the episode without a step (done_if_no_tool_calls).
    if (action.length === 0) continue;
    const step = await post("/step", { env_id: seed.env_id, action });
    const ours = JSON.stringify((step.obs as Row[]).map((o) => o.output ?? o.content));
    const theirs = JSON.stringify(next.map((o) => o.output ?? o.content));
    if (ours !== theirs) throw new Error(`step ${i + 1} answered ${ours}, the reference ${theirs}`);
  }
  const verdict = await post("/verify", { ...recorded, response: { ...recorded.response, env_id: seed.env_id } });
  return verdict.reward as number;
}

function tally(line: number, recorded: Row, ours: number, outcome: Outcome): void {
  const explained = EXPLAINED[outcome.server]?.[line];
  if (explained && ours === explained.ours) {
    outcome.excused.push(`row ${line}: reference recorded ${recorded.reward}, ours ${ours}: ${explained.why}`);
    outcome.why.add(explained.short);
  } else if (ours === recorded.reward) {
    outcome.agree++;
  } else {
    outcome.disagreements.push(`row ${line}: reference reward ${recorded.reward}, ours ${ours}`);
  }
}

/** The reference's server folders that hold rollouts. */
const referenceServers = (): string[] =>
  readdirSync(REFERENCE, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(REFERENCE, entry.name, ROLLOUTS)))
    .map((entry) => entry.name)
    .sort();

const bundled = (name: string) => bundledAs(name, IMPLEMENTATIONS);

async function compare(name: string, url: string, folder: string | undefined, declaration: ResourcesDeclaration, judge: ReplayJudge): Promise<Outcome> {
  const judged = declaration.recordedJudgeReplies ? { replies: declaration.recordedJudgeReplies, judge } : undefined;
  const rebuild = declaration.recordedRollout;
  const tasks = [...(existsSync(join(REFERENCE, name, TASKS)) ? readJsonl(join(REFERENCE, name, TASKS)) : []), ...(OLDER_TASKS[name] ? readJsonl(OLDER_TASKS[name]) : [])];
  // Summary rows (no response) rebuilt as rollouts where the server knows how.
  const rollouts = readRollouts(join(REFERENCE, name, ROLLOUTS)).map((row) => (!row.response && rebuild ? (rebuild(row, tasks) ?? row) : row));
  const world = worldFiles(name);
  const outcome: Outcome = { server: name, folder, total: rollouts.length, agree: 0, excused: [], notCompared: [], why: new Set(), disagreements: [] };
  for (const [i, recorded] of rollouts.entries()) {
    try {
      if (!recorded.response || typeof recorded.reward !== "number") throw new Placeholder("no response or no reward");
      const ours = recorded.trajectory
        ? await replayTrajectory(url, recorded)
        : "terminated" in recorded
          ? await replayEpisode(url, recorded, tasks)
          : recorded.response.contains_transitions !== undefined
            ? await replayAviary(url, recorded)
            : await replay(name, url, recorded, tasks, world, judged, declaration.task);
      tally(i + 1, recorded, ours, outcome);
    } catch (err) {
      const explained = EXPLAINED[name]?.[i + 1];
      const excused = excuse(name, err);
      if (explained?.ours instanceof RegExp && explained.ours.test((err as Error).message)) {
        outcome.excused.push(`row ${i + 1}: reference recorded ${recorded.reward}, ours: ${(err as Error).message.slice(0, 300)}; ${explained.why}`);
        outcome.why.add(explained.short);
      } else if (excused) {
        outcome.notCompared.push(`row ${i + 1}: not compared: ${(err as Error).message}; ${excused.why}`);
        outcome.why.add(excused.short);
      } else {
        outcome.disagreements.push(`row ${i + 1}: ${(err as Error).message}`);
      }
    }
  }
  return outcome;
}

/** The summary: a Markdown table of the bundled servers, then the reference servers not bundled yet. */
function summary(outcomes: Outcome[], notBundled: { name: string; rollouts: number }[]): string {
  const lines = ["| server | rollouts | rows compared | agree | excused (why) | disagree |", "|---|---|---|---|---|---|"];
  for (const o of outcomes) {
    const compared = o.total - o.notCompared.length;
    const excused = o.excused.length + o.notCompared.length;
    const why = excused > 0 ? `${excused} (${[...o.why].join("; ")})` : "0";
    const server = o.folder ? `${o.server} (ours: ${o.folder})` : o.server;
    lines.push(`| ${server} | ${o.total} | ${compared} | ${o.agree} | ${why} | ${o.disagreements.length} |`);
  }
  const rollouts = notBundled.reduce((n, s) => n + s.rollouts, 0);
  if (notBundled.length > 0) lines.push("", `Not bundled yet: ${notBundled.length} servers, ${rollouts} rollouts: ${notBundled.map((s) => `${s.name} (${s.rollouts})`).join(", ")}.`);
  return lines.join("\n");
}

async function main(): Promise<number> {
  if (!existsSync(REFERENCE)) {
    console.error(`parity: reference data not found at ${REFERENCE} (it sits beside the repository and is not shipped)`);
    return 2;
  }
  const servers = referenceServers();
  const { values: args } = parseArgs({ options: { server: { type: "string", multiple: true } } });
  // `--server NAME` (repeatable): compare only those.
  const only = args.server?.flatMap((s) => s.split(","));
  const unknown = only?.filter((name) => !servers.includes(name) || !bundled(name));
  if (unknown?.length) {
    console.error(`parity: --server ${unknown.join(", ")}: not a bundled server with reference rollouts`);
    return 2;
  }
  const ours = new Map<string, Implementation>();
  for (const name of servers) {
    const implementation = bundled(name);
    if (implementation && (!only || only.includes(name))) ours.set(name, implementation);
  }
  const notBundled = servers.filter((name) => !ours.has(name)).map((name) => ({ name, rollouts: readRollouts(join(REFERENCE, name, ROLLOUTS)).length }));
  if (ours.size === 0) {
    console.error(`parity: no bundled resources server has reference rollouts (${ROLLOUTS}) under ${REFERENCE}`);
    return 2;
  }
  const { instances, config } = loadConfig(undefined, []);
  // The config's instance of each: the one whose implementation is in the same folder (any of its names).
  const folderOf = (implementation: string) => bundled(implementation)?.dir;
  const instanceOf = new Map(
    [...ours].map(([name, impl]) => {
      const instance = instances.find((i) => i.serverType === "resources_servers" && folderOf(i.implementation) === impl.dir);
      if (!instance) throw new Error(`no resources server of implementation ${basename(impl.dir)} in the bundled config (reference server ${name})`);
      return [name, instance] as const;
    }),
  );
  const implementationOf = (instance: Instance) => bundled(instance.implementation)!;
  const repliesOf = (instance: Instance) => (implementationOf(instance).declaration as Partial<ResourcesDeclaration>).recordedJudgeReplies;
  // A judging server asks one question at a time, once, so the recorded replies meet its calls in
  // the order asked; with its judge on, as the reference recorded it.
  const resources = [...new Set(instanceOf.values())].map((instance) =>
    repliesOf(instance)
      ? { ...instance, config: { ...instance.config, judge_max_concurrency: 1, judge_max_attempts: 1, ...("should_use_judge" in instance.config ? { should_use_judge: true } : {}) } }
      : instance,
  );
  const judge = await startReplayJudge();
  // Every model a judging server refers to is the replay judge; other servers' model references stay unbound.
  const judgeNames = new Set(
    resources.filter(repliesOf).flatMap((instance) =>
      implementationOf(instance).declaration.references.flatMap((field) => {
        const ref = ServerRef.safeParse(instance.config[field]);
        return ref.success && ref.data.type === "responses_api_models" ? [ref.data.name] : [];
      }),
    ),
  );
  const judgeModels: Instance[] = [...judgeNames].map((name) => ({ name, serverType: "responses_api_models", implementation: "openai_model", config: { openai_base_url: judge.url, openai_model: REPLAY_MODEL } }));
  const specs = planWorkers([...resources, ...judgeModels], 0);
  const planned = new Set(specs.map((spec) => spec.name));
  for (const spec of specs) spec.services = Object.fromEntries(Object.entries(spec.services).filter(([, worker]) => planned.has(worker)));
  // Code environments run their tests in the local sandbox, as the stack runs them.
  const sandboxes = new Map<string, LocalProcess>();
  await (await startSandboxes(specs, sandboxes)).ready;
  const withJudges = { ...config, ...Object.fromEntries(judgeModels.map((m) => [m.name, { [m.serverType]: { [m.implementation]: m.config } }])) };
  const stack = await startLocalStack({ specs, instances: [...resources, ...judgeModels], config: withJudges, sessionSecret: randomBytes(32).toString("hex") }).catch(async (err: unknown) => {
    await stopAll(sandboxes);
    await judge.close();
    throw err;
  });
  const outcomes: Outcome[] = [];
  try {
    for (const [name, instance] of instanceOf) {
      const url = stack.urls.get(instance.name)!;
      const folder = basename(ours.get(name)!.dir);
      const outcome = await compare(name, url, folder === name ? undefined : folder, implementationOf(instance).declaration as ResourcesDeclaration, judge);
      outcomes.push(outcome);
      for (const [field, why] of Object.entries(FIELDS_OTHERWISE[name] ?? {})) console.log(`${name}: ${field} not compared: ${why}`);
      const excused = outcome.excused.length > 0 ? `, ${outcome.excused.length} excused` : "";
      const notCompared = outcome.notCompared.length > 0 ? `, ${outcome.notCompared.length} not compared` : "";
      console.log(`${name.padEnd(30)} ${outcome.agree}/${outcome.total} agree${excused}${notCompared}`);
      for (const line of [...outcome.excused, ...outcome.notCompared, ...outcome.disagreements]) console.log(`  ${line}`);
    }
  } finally {
    await stack.dispose();
    await stopAll(sandboxes);
    await judge.close();
  }
  console.log(`\n${summary(outcomes, only ? [] : notBundled)}`);
  return outcomes.some((o) => o.disagreements.length > 0) ? 1 : 0;
}

main().then(
  (code) => exitFlushed(code),
  (err: Error) => {
    console.error(`parity: ${err.message}`);
    void exitFlushed(1);
  },
);
