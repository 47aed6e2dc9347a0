// `eval reverify` (NeMo Gym's rollout_reverification): stored rollouts replayed through their
// resources server's /verify, no model called. Each payload is the rollout's materialized input with
// the stored `response`; its result keeps the rollout's identity (task and rollout index, agent,
// rollout id and attempt). A result with a reward goes to the output; one without (its verifier
// could not decide) goes to the output's failures file, never scored 0.
//
// --judge-failed-only (NeMo's failure recovery): the successful rollouts are copied to the output as
// they are, and only the rows of the failures file whose class is `judge_failed` are verified again.
import { existsSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { writeAggregateMetrics } from "../collect/aggregate.ts";
import { JsonlWriter, readJsonl, siblingPath } from "../collect/jsonl.ts";
import { JUDGE_FAILED } from "../../shared/judge/call.ts";
import { asDouble, parseExact } from "../../shared/json/exact.ts";
import { ATTEMPT_INDEX_KEY, FAILURE_CLASS_KEY, FAILURE_TERMINAL_KEY, ROLLOUT_ID_KEY, ROLLOUT_INDEX_KEY, TASK_INDEX_KEY } from "../../shared/schemas/run.ts";
import { reverifyMode } from "./servers.ts";
import type { Servers } from "./servers.ts";

/** Identity fields a reverified result carries over from its rollout (NeMo's, and the trainer's ids). */
const IDENTITY = [TASK_INDEX_KEY, ROLLOUT_INDEX_KEY, "agent_ref", ROLLOUT_ID_KEY, ATTEMPT_INDEX_KEY] as const;
const VERIFY_DEADLINE_MS = 600_000;

export interface ReverifyOptions {
  inputs: string;
  rollouts: string;
  output: string;
  concurrency: number;
  limit?: number;
  force: boolean;
  overwrite: boolean;
  resume: boolean;
  disableAggregation: boolean;
  judgeFailedOnly: boolean;
  append: boolean;
  log: (line: string) => void;
}

export interface ReverifySummary {
  output: string;
  failures: string;
  aggregateMetrics?: string;
  verified: number;
  failed: number;
  /** Failure rows that hold no stored response (our collector's), left as failures. */
  withoutResponse: number;
  unsafe: boolean;
}

type Row = Record<string, unknown>;
const keyOf = (row: Row) => `${Number(row[TASK_INDEX_KEY])}/${Number(row[ROLLOUT_INDEX_KEY])}`;
const agentOf = (row: Row) => (row.agent_ref as { name?: string } | undefined)?.name;

async function keysIn(path: string, keep: (row: Row) => boolean = () => true): Promise<Set<string>> {
  const keys = new Set<string>();
  if (!existsSync(path)) return keys;
  for await (const { value } of readJsonl(path)) if (keep(value)) keys.add(keyOf(value));
  return keys;
}

/** What the user can fix: a refusal before anything is sent. */
export class ReverifyRefused extends Error {}

/** NeMo refuses to replay against a server whose /verify may depend on state the run left behind, unless forced (then the files say `unsafe_`). */
async function guard(agents: readonly string[], servers: Servers, options: ReverifyOptions): Promise<boolean> {
  if (options.judgeFailedOnly) return false;
  const names = new Map(agents.map((a) => [servers.resourcesOf(a), servers.resourcesUrl(a)]));
  const unsafe: string[] = [];
  for (const [name, url] of names) if ((await reverifyMode(url, name, servers.headers)) !== "stateless") unsafe.push(name);
  if (unsafe.length === 0) return false;
  const what = `resources server(s) ${unsafe.sort().join(", ")} do not declare reverify_mode "stateless": rewards computed by reverification may be wrong`;
  if (!options.force) throw new ReverifyRefused(`${what}; pass --force to go on (the outputs are then named unsafe_*)`);
  options.log(`WARNING: ${what}; the outputs are named unsafe_*`);
  return true;
}

function outputPaths(options: ReverifyOptions, unsafe: boolean): { output: string; failures: string } {
  const output = join(dirname(options.output), `${unsafe ? "unsafe_" : ""}${basename(options.output)}`);
  const failures = siblingPath(output, "failures.jsonl");
  if (!(options.append || options.resume)) {
    for (const path of [output, failures]) {
      if (!existsSync(path)) continue;
      if (!options.overwrite) throw new ReverifyRefused(`output file already exists: ${path}; pass --overwrite to start afresh or --resume to go on with it`);
      rmSync(path);
    }
  }
  return { output, failures };
}

/** Copies the rollouts not yet in the output into it; returns the keys the output then holds. */
async function seedSuccesses(rollouts: string, output: string, log: (line: string) => void): Promise<Set<string>> {
  const present = await keysIn(output);
  const writer = await JsonlWriter.open(output, "append");
  let seeded = 0;
  for await (const { value } of readJsonl(rollouts, { exact: true })) {
    if (present.has(keyOf(value))) continue;
    present.add(keyOf(value));
    await writer.write(value);
    seeded++;
  }
  await writer.close();
  log(`Recovery mode: seeded ${seeded} successful rollout(s) into ${output}`);
  return present;
}

const parse = (text: string): Row | undefined => {
  try {
    const value = parseExact(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Row) : undefined;
  } catch {
    return undefined;
  }
};

async function verifyOne(url: string, payload: Row, headers: Record<string, string>): Promise<Row> {
  try {
    const response = await fetch(`${url}/verify`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(VERIFY_DEADLINE_MS),
    });
    const text = await response.text();
    const body = parse(text);
    if (!response.ok) {
      // The class is the error's type when the server says one (as collect's failures are), else the status.
      const error = body?.error && typeof body.error === "object" ? (body.error as Row) : { message: text.slice(0, 1000) };
      return { [FAILURE_CLASS_KEY]: typeof error.type === "string" ? error.type : `http_${response.status}`, error: { status: response.status, ...error } };
    }
    if (!body) return { [FAILURE_CLASS_KEY]: "bad_response", error: `/verify answered 200 with a body that is not a JSON object: ${text.slice(0, 200)}` };
    if (typeof body[FAILURE_CLASS_KEY] === "string") return body;
    // A reward is a double, whoever wrote it (a Python server's 1.0 is read exactly, as a Number object).
    const reward = asDouble(body.reward);
    if (reward !== undefined) return { ...body, reward };
    return { [FAILURE_CLASS_KEY]: "no_reward", error: "/verify answered without a numeric reward" };
  } catch (err) {
    return { [FAILURE_CLASS_KEY]: (err as Error).name === "TimeoutError" ? "deadline_exceeded" : "transport", error: (err as Error).message };
  }
}

export async function reverifyRollouts(options: ReverifyOptions, servers: Servers, agents: readonly string[]): Promise<ReverifySummary> {
  // An agent the stack cannot route is said before any row is sent.
  for (const agent of agents) servers.resourcesUrl(agent);
  const unsafe = await guard(agents, servers, options);
  const paths = outputPaths(options, unsafe);
  let source = options.rollouts;
  let wanted: (row: Row) => boolean = () => true;
  if (options.judgeFailedOnly) {
    options.log("WARNING: --judge-failed-only merges rewards from two sources: the rollouts' rewards come from the original run's verifier, the recovered ones from the current configuration; make sure the verifier and judge settings are the same.");
    source = siblingPath(options.rollouts, "failures.jsonl");
    if (!existsSync(source)) throw new ReverifyRefused(`--judge-failed-only reads the rollouts' failures file, which does not exist: ${source}`);
    const present = await seedSuccesses(options.rollouts, paths.output, options.log);
    wanted = (row) => row[FAILURE_CLASS_KEY] === JUDGE_FAILED && !present.has(keyOf(row)) && (present.add(keyOf(row)), true);
  }
  if (options.resume) {
    const done = await keysIn(paths.output);
    const terminal = await keysIn(paths.failures, (row) => row[FAILURE_TERMINAL_KEY] === true);
    const before = wanted;
    wanted = (row) => !done.has(keyOf(row)) && !terminal.has(keyOf(row)) && before(row);
  }

  const inputs = new Map<string, Row>();
  for await (const { value } of readJsonl(options.inputs, { exact: true })) inputs.set(keyOf(value), value);
  const payloads: { row: Row; payload: Row }[] = [];
  const withoutResponse: Row[] = [];
  for await (const { line, value } of readJsonl(source, { exact: true })) {
    if (options.limit !== undefined && payloads.length + withoutResponse.length >= options.limit) break;
    if (!wanted(value)) continue;
    const input = inputs.get(keyOf(value));
    if (!input) throw new ReverifyRefused(`${source}:${line}: no materialized input in ${options.inputs} has ${TASK_INDEX_KEY} ${keyOf(value).replace("/", ` and ${ROLLOUT_INDEX_KEY} `)}`);
    if (value.response === undefined) withoutResponse.push(value);
    else payloads.push({ row: value, payload: { ...input, response: value.response } });
  }
  if (payloads.length === 0 && withoutResponse.length === 0) options.log("WARNING: nothing to re-verify.");

  const out = await JsonlWriter.open(paths.output, "append");
  const failures = await JsonlWriter.open(paths.failures, "append");
  // A failure row without its stored response cannot be replayed: it stays a failure, as it was.
  for (const row of withoutResponse) await failures.write(row);
  let verified = 0;
  let failed = withoutResponse.length;
  let next = 0;
  const worker = async () => {
    while (next < payloads.length) {
      const { row, payload } = payloads[next++]!;
      const agent = agentOf(row) ?? agentOf(payload);
      const result = agent === undefined ? { [FAILURE_CLASS_KEY]: "invalid_row", error: "the rollout names no agent_ref" } : await verifyOne(servers.resourcesUrl(agent), payload, servers.headers);
      for (const key of IDENTITY) if (row[key] !== undefined) result[key] = row[key];
      if (typeof result[FAILURE_CLASS_KEY] === "string") {
        await failures.write(result);
        failed++;
      } else {
        await out.write(result);
        verified++;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(options.concurrency, payloads.length) }, worker));
  } finally {
    await Promise.all([out.close(), failures.close()]);
  }
  if (withoutResponse.length) options.log(`${withoutResponse.length} failure row(s) hold no stored response (collected by a collector that keeps none): left as failures in ${paths.failures}`);

  let aggregateMetrics: string | undefined;
  if (options.disableAggregation) options.log("Skipping aggregate metrics (--disable-aggregation); run `edge-gym eval aggregate` over the shards once all are done.");
  else {
    const urls = new Map<string, string>();
    for await (const { value } of readJsonl(paths.output)) {
      const agent = agentOf(value);
      if (agent && !urls.has(agent)) urls.set(agent, servers.resourcesUrl(agent));
    }
    // NeMo writes no metrics file when the output holds no scored rollout.
    if (urls.size === 0) options.log("No scored rollout in the output: no aggregate metrics.");
    else {
      aggregateMetrics = siblingPath(paths.output, "aggregate_metrics.json");
      await writeAggregateMetrics(paths.output, urls, aggregateMetrics, VERIFY_DEADLINE_MS, servers.headers);
    }
  }
  return { ...paths, aggregateMetrics, verified, failed, withoutResponse: withoutResponse.length, unsafe };
}
