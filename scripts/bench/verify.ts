// Bench section: what scoring costs per row, per bundled environment, through workerd on a local
// stack (emulator and sandbox as `start` runs them). Each example row is first run through its
// agent's /run, so its response is a real one; then the call that scores it is timed alone at
// concurrency 1 (wall time on an idle loopback hop: an upper bound of the Worker's CPU), 10 times a
// row: median and p99. The scoring call is /verify; for an environment that keeps a session, the
// rollout is replayed into a fresh session first, untimed (support/replay.ts): tool servers' calls
// before /verify, and for episode servers each /step is timed (`unit: "step"`). Then a long row:
// the same row with 500 KB of prose before the reply's answer, and again with 500 KB more in its
// prompt (long-context rows are that size). Goals (issue 30): at most 5 ms median on its own rows
// and 200 ms on a long row, for servers whose scoring calls nothing else; one that asks a judge or
// runs code says so (`calls_out`), its time is theirs too. Cohort environments score a task's
// rollouts together (/compare) and are listed as skipped.
// For an environment whose verify runs programs in the local sandbox, also: verifies per second
// with SANDBOX_CONCURRENCY at once (`sandbox_verifies_per_s`), and the sandbox's fixed cost per run,
// the median wall time of a run that does nothing (`sandbox_startup_ms`).
// An environment whose rows name a task family is also timed per family (support/task_families.ts).
// VERIFY_ENVIRONMENTS=a,b (resources implementations) measures only those.
import { readFileSync } from "node:fs";
import { call } from "../../shared/client/call.ts";
import type { ResourcesDeclaration } from "../../shared/declaration.ts";
import { loadConfig, resolveUserPath } from "../plan/config.ts";
import { findImplementation } from "../plan/registry.ts";
import { bringUp } from "../stack/up.ts";
import type { LocalProcess } from "../stack/local_process.ts";
import { percentile } from "./support/percentile.ts";
import { round } from "./support/alone.ts";
import { timedScoring } from "./support/replay.ts";
import { benchGenerated, benchStored } from "./support/task_families.ts";
import type { Protocol } from "./support/replay.ts";

const TIMES_PER_ROW = 10;
const LONG_TIMES = 3;
const LONG_BYTES = 500 * 1024;
const GOAL_MEDIAN_MS = 5;
const GOAL_LONG_MS = 200;
const SANDBOX_CONCURRENCY = 8;
const SANDBOX_VERIFIES = 40;
const EMPTY_RUNS = 10;

type Row = Record<string, any>;

const PROSE = "The committee met again on Tuesday to review the survey results, and the notes record each question in turn. ";
const filler = (bytes: number) => PROSE.repeat(Math.ceil(bytes / PROSE.length)).slice(0, bytes);

/** The response with LONG_BYTES of prose before its last assistant message's text. */
function longReply(response: Row): Row {
  const output = structuredClone(response.output) as Row[];
  const last = output.findLast((item) => item.type === "message" && item.role === "assistant");
  if (!last) return { ...response, output: [...output, { type: "message", role: "assistant", id: "long", status: "completed", content: [{ type: "output_text", text: filler(LONG_BYTES), annotations: [] }] }] };
  const parts = typeof last.content === "string" ? [{ type: "output_text", text: last.content, annotations: [] }] : last.content;
  const first = parts.find((p: Row) => p.type === "output_text");
  if (first) first.text = `${filler(LONG_BYTES)}\n\n${first.text}`;
  last.content = parts;
  return { ...response, output };
}

/** The row with LONG_BYTES of prose before its last user message's text. */
function longPrompt(row: Row): Row {
  const params = structuredClone(row.responses_create_params);
  if (typeof params.input === "string") params.input = `${filler(LONG_BYTES)}\n\n${params.input}`;
  else {
    const user = (params.input as Row[]).findLast((m) => m.role === "user");
    if (user && typeof user.content === "string") user.content = `${filler(LONG_BYTES)}\n\n${user.content}`;
    else if (user) user.content = [{ type: "input_text", text: filler(LONG_BYTES) }, ...user.content];
  }
  return { ...row, responses_create_params: params };
}

/** The median wall time of a sandbox run that does nothing: process start and isolation. */
async function sandboxStartup(sandbox: LocalProcess): Promise<number | undefined> {
  const times: number[] = [];
  const headers = sandbox.token === undefined ? undefined : { authorization: `Bearer ${sandbox.token}` };
  for (let i = 0; i < EMPTY_RUNS; i++) {
    const began = performance.now();
    const result = await call({ name: "sandbox", url: sandbox.url }, "/run", { body: { command: ["python3", "-c", "pass"] }, headers, deadlineMs: 60_000, attempts: 1 });
    if (result.status === 200) times.push(performance.now() - began);
  }
  return times.length > 0 ? percentile(times.sort((a, b) => a - b), 50) : undefined;
}

/** Verifies per second, SANDBOX_CONCURRENCY at once, cycling through the rows' verify bodies. */
async function verifiesPerSecond(protocol: Protocol, url: string, bodies: readonly Row[]): Promise<number> {
  let next = 0;
  let done = 0;
  const began = performance.now();
  const worker = async () => {
    while (next < SANDBOX_VERIFIES) {
      const body = bodies[next++ % bodies.length]!;
      if ((await timedScoring(protocol, url, body)).length > 0) done++;
    }
  };
  await Promise.all(Array.from({ length: SANDBOX_CONCURRENCY }, worker));
  return done / ((performance.now() - began) / 1000);
}

/** How a row's scoring is reached: by its agent's protocol, and whether its server keeps a session. */
function protocolOf(agentImplementation: string, declaration: ResourcesDeclaration): Protocol {
  if (agentImplementation === "gymnasium_agent") return "episode";
  if (agentImplementation === "aviary_agent") return "aviary";
  return declaration.stateful ? "tools" : "verify";
}

export async function run(): Promise<void> {
  const running = await bringUp({ headPort: 0 });
  try {
    const { instances } = loadConfig(undefined, [], { local: true });
    const urls = running.stack.urls;
    const wanted = process.env.VERIFY_ENVIRONMENTS?.split(",").filter(Boolean);
    for (const agent of instances.filter((i) => i.serverType === "responses_api_agents")) {
      const dataset = ((agent.config.datasets ?? []) as Row[]).find((d) => d.type === "example" && d.jsonl_fpath);
      const resources = instances.find((i) => i.serverType === "resources_servers" && i.name === (agent.config.resources_server as Row | undefined)?.name);
      if (!dataset || !resources || (wanted && !wanted.includes(resources.implementation))) continue;
      const declaration = findImplementation("resources_servers", resources.implementation).declaration as ResourcesDeclaration;
      if (declaration.cohort) {
        console.log(JSON.stringify({ section: "verify", environment: resources.name, skipped: "scores a task's rollouts together (/compare), not one row" }));
        continue;
      }
      const protocol = protocolOf(agent.implementation, declaration);
      const url = urls.get(resources.name)!;
      // Rows that name their task in a file the config names (taskFile) are completed from it, as collect completes them.
      const taskPath = declaration.taskFile ? resources.config[declaration.taskFile.configKey] : undefined;
      const complete = declaration.taskFile && typeof taskPath === "string" ? declaration.taskFile.read(readFileSync(resolveUserPath(taskPath), "utf8")) : (row: Row) => row;
      const rows = readFileSync(resolveUserPath(dataset.jsonl_fpath), "utf8").split("\n").filter((l) => l.trim()).slice(0, 5).map((l) => complete(JSON.parse(l) as Row));
      const times: number[] = [];
      const long: number[] = [];
      const bodies: Row[] = [];
      for (const row of rows) {
        const ran = await call({ name: "agent", url: urls.get(agent.name)! }, "/run", { body: row, deadlineMs: 300_000, attempts: 1 });
        const result = ran.status === 200 ? (JSON.parse(ran.text) as Row) : undefined;
        if (!result?.response || result._ng_failure_class) continue;
        const body = { ...row, response: result.response };
        bodies.push(body);
        for (let i = 0; i < TIMES_PER_ROW; i++) times.push(...(await timedScoring(protocol, url, body)));
        // An aviary trajectory may be a list per step, which the long variants do not reshape.
        if (protocol === "aviary") continue;
        for (const variant of [{ ...body, response: longReply(result.response) }, { ...longPrompt(row), response: longReply(result.response) }]) {
          for (let i = 0; i < LONG_TIMES; i++) long.push(...(await timedScoring(protocol, url, variant)));
        }
      }
      if (times.length === 0) continue;
      times.sort((a, b) => a - b);
      long.sort((a, b) => a - b);
      const callsOut = declaration.references.length > 0 || "sandbox_url" in resources.config;
      const median = percentile(times, 50);
      const longMax = long.at(-1);
      const sandbox = running.sandboxes.get(String(resources.config.sandbox_url));
      const startup = sandbox ? await sandboxStartup(sandbox) : undefined;
      const perSecond = sandbox ? await verifiesPerSecond(protocol, url, bodies) : undefined;
      console.log(
        JSON.stringify({
          section: "verify",
          environment: resources.name,
          agent: agent.name,
          ...(protocol === "verify" ? {} : { replayed: protocol }),
          unit: protocol === "episode" || protocol === "aviary" ? "step" : "verify",
          verifies: times.length,
          median_ms: round(median, 2),
          p99_ms: round(percentile(times, 99), 2),
          long_row_max_ms: longMax === undefined ? null : round(longMax, 1),
          calls_out: callsOut,
          ...(perSecond === undefined ? {} : { sandbox_verifies_per_s: round(perSecond, 1), sandbox_startup_ms: startup === undefined ? null : round(startup, 1) }),
          ...(callsOut ? {} : { meets_goals: median <= GOAL_MEDIAN_MS && (longMax ?? 0) <= GOAL_LONG_MS }),
        }),
      );
      const generated = Object.keys(declaration.generates?.() ?? {});
      if (generated.length > 0) await benchGenerated(resources.name, url, generated);
      const stored = ((agent.config.datasets ?? []) as Row[])
        .filter((d) => d.type === "example" && d.jsonl_fpath)
        .flatMap((d) => readFileSync(resolveUserPath(d.jsonl_fpath), "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l) as Row));
      await benchStored(resources.name, url, stored, generated);
    }
  } finally {
    await running.stop();
  }
}
