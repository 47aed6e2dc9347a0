// Session state: concurrent read-modify-writes in one session (plain tool routes, an MCP batch,
// episode steps, rollouts through the agent over RPC), and calls in sessions that do not exist
// (never seeded, closed, forged, another instance's, replayed close, calls racing a close).
// A lost update is a count or a hand that differs from what the calls made: a changed reward when
// /verify or the episode scores it. A 5xx, a JSON-RPC internal error (-32603) or a hang is a
// dropped sample; a reward answered for a session that does not exist is a changed one.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../../plan/registry.ts";
import type { Attack, AttackContext, AttackResult } from "./attack.ts";

const COUNTER = "example_session_state_mgmt";
const AGENT = "example_session_state_mgmt_simple_agent";
const EPISODES = "blackjack";
const WORLD = "workplace_assistant";
const DEADLINE_MS = 20_000;
const MCP_HEADERS = { accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" };

interface Answer {
  status: number;
  body: any;
  cookie?: string;
}

const rows = (env: string) =>
  readFileSync(join(ROOT, `workers/resources/${env}/data/example.jsonl`), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, any>);

/** What one attack counts; `answer` tallies a request's outcome (a status of 0: no answer in time). */
function tally() {
  const result = { attempts: 0, rewards_changed: 0, samples_dropped: 0 };
  const answered = (answer: Answer) => {
    result.attempts++;
    if (answer.status === 0 || answer.status >= 500 || answer.body?.error?.code === -32603) result.samples_dropped++;
    return answer;
  };
  return { result, answered };
}

async function post(context: AttackContext, worker: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  try {
    const res = await fetch(`${context.url(worker)}${path}`, { method: "POST", headers: { ...context.headers, ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(DEADLINE_MS) });
    const text = await res.text();
    const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") || undefined;
    return { status: res.status, body: text ? JSON.parse(text) : null, cookie };
  } catch {
    return { status: 0, body: null };
  }
}

const withCookie = (cookie: string | undefined): Record<string, string> => (cookie ? { cookie } : {});
const tokenOf = (cookie: string) => cookie.replace(/^session=/, "");
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** A seeded counter session: its cookie. */
async function seedCounter(context: AttackContext, answered: (a: Answer) => Answer, initial: number): Promise<string> {
  const seeded = answered(await post(context, COUNTER, "/seed_session", { responses_create_params: { input: "count" }, initial_count: initial }));
  if (seeded.status !== 200 || !seeded.cookie) throw new Error(`seed_session answered ${seeded.status}`);
  return seeded.cookie;
}

/** /verify of a counter session that should end at `expected`: anything but reward 1 is a changed reward. */
async function verifyCount(context: AttackContext, count: ReturnType<typeof tally>, cookie: string, expected: number): Promise<void> {
  const verdict = count.answered(await post(context, COUNTER, "/verify", { responses_create_params: { input: "count" }, expected_count: expected, response: { id: "r", output: [] } }, { cookie }));
  if (verdict.status === 200 && verdict.body.reward !== 1) count.result.rewards_changed++;
}

// Many increments at once in one session over the plain tool route, at several widths, with
// negative counts and reads mixed in.
async function concurrentToolCalls(context: AttackContext): Promise<AttackResult> {
  const count = tally();
  const lost: number[] = [];
  for (const [width, initial] of [[5, 0], [20, 7], [40, -3]] as const) {
    const cookie = await seedCounter(context, count.answered, initial);
    const counts = Array.from({ length: width }, (_, i) => (i % 3 === 2 ? -(i + 1) : i + 1));
    const calls = counts.flatMap((by, i) => [
      post(context, COUNTER, "/increment_counter", { count: by }, { cookie }),
      ...(i % 4 === 0 ? [post(context, COUNTER, "/get_counter_value", {}, { cookie })] : []),
    ]);
    (await Promise.all(calls)).forEach(count.answered);
    const value = count.answered(await post(context, COUNTER, "/get_counter_value", {}, { cookie }));
    lost.push(initial + sum(counts) - (value.body?.count ?? Number.NaN));
    await verifyCount(context, count, cookie, initial + sum(counts));
    count.answered(await post(context, COUNTER, "/close_session", {}, { cookie }));
  }
  return { ...count.result, detail: { lost_per_round: lost } };
}

/** A JSON-RPC batch of tools/call (and a tools/list) at `worker`'s /mcp in the session `sessionId` names. */
async function mcpBatch(context: AttackContext, count: ReturnType<typeof tally>, sessionId: string, calls: Array<[string, Record<string, unknown>]>, worker = COUNTER): Promise<Answer[]> {
  const batch = [{ jsonrpc: "2.0", id: 0, method: "tools/list", params: {} }, ...calls.map(([name, args], i) => ({ jsonrpc: "2.0", id: i + 1, method: "tools/call", params: { name, arguments: args } }))];
  const answer = count.answered(await post(context, worker, "/mcp", batch, { ...MCP_HEADERS, "mcp-session-id": sessionId }));
  const replies = Array.isArray(answer.body) ? (answer.body as any[]) : [];
  for (const reply of replies) if (reply.error?.code === -32603) count.result.samples_dropped++;
  return replies.map((reply) => ({ status: answer.status, body: reply }));
}

// MCP batches of increments in one session: of 10, of 30 with reads between, and two batches at once.
async function mcpBatches(context: AttackContext): Promise<AttackResult> {
  const count = tally();
  const lost: number[] = [];
  for (const [batches, width] of [[1, 10], [1, 30], [2, 15]] as const) {
    const cookie = await seedCounter(context, count.answered, 1);
    const counts = Array.from({ length: batches * width }, (_, i) => i + 1);
    await Promise.all(
      Array.from({ length: batches }, (_, b) =>
        mcpBatch(
          context,
          count,
          tokenOf(cookie),
          counts.slice(b * width, (b + 1) * width).flatMap((by, i): Array<[string, Record<string, unknown>]> => (i % 5 === 4 ? [["increment_counter", { count: by }], ["get_counter_value", {}]] : [["increment_counter", { count: by }]])),
        ),
      ),
    );
    const value = count.answered(await post(context, COUNTER, "/get_counter_value", {}, { cookie }));
    lost.push(1 + sum(counts) - (value.body?.count ?? Number.NaN));
    await verifyCount(context, count, cookie, 1 + sum(counts));
    count.answered(await post(context, COUNTER, "/close_session", {}, { cookie }));
  }
  return { ...count.result, detail: { lost_per_round: lost } };
}

const turn = (text: string) => ({ id: "attack", output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] }] });

/** Plays a hand: `hits` hit steps (all at once when `together`), then a stand if the hand is still on; its last reward. */
async function playHand(context: AttackContext, count: ReturnType<typeof tally>, row: Record<string, unknown>, hits: number, together: boolean) {
  const reset = count.answered(await post(context, EPISODES, "/reset", row));
  const cookie = reset.cookie;
  const step = () => post(context, EPISODES, "/step", { ...row, response: turn("<action>hit</action>") }, withCookie(cookie));
  const answers: Answer[] = [];
  if (together) answers.push(...(await Promise.all(Array.from({ length: hits }, step))));
  else for (let i = 0; i < hits && !answers.some((a) => a.body?.terminated); i++) answers.push(await step());
  answers.forEach(count.answered);
  const ended = answers.find((a) => a.status === 200 && (a.body.terminated || a.body.truncated));
  const last = ended ?? count.answered(await post(context, EPISODES, "/step", { ...row, response: turn("<action>stand</action>") }, withCookie(cookie)));
  return { reward: last.body?.reward as number | undefined, dealt: answers.filter((a) => a.status === 200).length };
}

// Blackjack hits sent at once in one episode, against the same hand played one step at a time: a
// lost step deals a card twice and changes the hand's reward.
async function concurrentSteps(context: AttackContext): Promise<AttackResult> {
  const count = tally();
  const hands = rows(EPISODES);
  const differing: string[] = [];
  for (const [i, row] of hands.entries()) {
    for (const hits of [2, 3, 6]) {
      const [alone, together] = [await playHand(context, count, row, hits, false), await playHand(context, count, row, hits, true)];
      if (alone.reward !== together.reward || alone.dealt !== together.dealt) {
        count.result.rewards_changed++;
        differing.push(`row ${i}, ${hits} hits`);
      }
    }
  }
  return { ...count.result, detail: { hands_differing: differing } };
}

/** The reward a counter rollout earns from its own calls: the row's start plus every increment that succeeded. */
function dueReward(row: Record<string, any>, output: any[]): number {
  const succeeded = new Set(output.filter((item) => item.type === "function_call_output" && String(item.output).includes('"success":true')).map((item) => item.call_id));
  const added = output.filter((item) => item.type === "function_call" && item.name === "increment_counter" && succeeded.has(item.call_id)).map((item) => Number(JSON.parse(item.arguments).count));
  return row.initial_count + sum(added) === row.expected_count ? 1 : 0;
}

// Rollouts through the agent (its hops to the resources server over RPC), many at once: each
// reward must be what its own calls earn.
async function concurrentRollouts(context: AttackContext): Promise<AttackResult> {
  const count = tally();
  const examples = rows(COUNTER);
  const batch = Array.from({ length: 12 }, (_, i) => examples[i % examples.length]!);
  const results = await Promise.all(batch.map((row) => post(context, AGENT, "/run", row)));
  results.forEach(count.answered);
  results.forEach((result, i) => {
    if (result.status === 200 && result.body.reward !== dueReward(batch[i]!, result.body.response.output)) count.result.rewards_changed++;
  });
  return { ...count.result, detail: { rewards: results.map((r) => r.body?.reward ?? r.status) } };
}

/** How a call in a missing session was answered: its HTTP status, or for a tools/call reply `isError` / its JSON-RPC error code. */
const outcome = (answer: Answer) => (answer.body?.result?.isError ? "isError" : answer.body?.error?.code ? `rpc${answer.body.error.code}` : String(answer.status));

// Sessions that do not exist: none, forged, another instance's, closed (and closed again), a
// signed cookie never seeded; tool routes (a counter's, a tool world's), MCP (single and
// batched), /verify and an episode's /step on each. Every answer must be a 4xx (MCP: an isError result, or 404 for an id this server
// did not sign); a reward for such a session is a changed one.
async function missingSessions(context: AttackContext): Promise<AttackResult> {
  const count = tally();
  const seen: Record<string, number> = {};
  const note = (kind: string, answer: Answer) => {
    const key = `${kind}:${outcome(answer)}`;
    seen[key] = (seen[key] ?? 0) + 1;
  };
  const hand = rows(EPISODES)[0]!;
  const hit = { ...hand, response: turn("<action>hit</action>") };
  const closedCounter = await seedCounter(context, count.answered, 4);
  count.answered(await post(context, COUNTER, "/close_session", {}, { cookie: closedCounter }));
  note("counter_close_again", count.answered(await post(context, COUNTER, "/close_session", {}, { cookie: closedCounter })));
  const closedEpisode = count.answered(await post(context, EPISODES, "/reset", hand)).cookie!;
  count.answered(await post(context, EPISODES, "/close", {}, { cookie: closedEpisode }));
  note("episode_close_again", count.answered(await post(context, EPISODES, "/close", {}, { cookie: closedEpisode })));
  const closedWorld = count.answered(await post(context, WORLD, "/seed_session", { responses_create_params: { input: "hi" } })).cookie!;
  count.answered(await post(context, WORLD, "/close_session", {}, { cookie: closedWorld }));
  // Fresh cookies from calls that seed nothing: signed by each server, never seeded.
  const unseededCounter = count.answered(await post(context, COUNTER, "/get_counter_value", {})).cookie!;
  const unseededEpisode = count.answered(await post(context, EPISODES, "/step", hit)).cookie!;
  const unseededWorld = count.answered(await post(context, WORLD, "/email_search_emails", {})).cookie!;
  const forge = (cookie: string) => `session=${tokenOf(cookie).split(".")[0]}.${"A".repeat(43)}`;
  const cases: Array<[string, string | undefined, string | undefined, string | undefined]> = [
    // kind, then the cookie sent to the counter, to the episode server and to the tool world
    ["none", undefined, undefined, undefined],
    ["forged", forge(closedCounter), forge(closedEpisode), forge(closedWorld)],
    ["other_instance", closedEpisode, closedWorld, closedCounter],
    ["closed", closedCounter, closedEpisode, closedWorld],
    ["never_seeded", unseededCounter, unseededEpisode, unseededWorld],
  ];
  for (const [kind, counterCookie, episodeCookie, worldCookie] of cases) {
    for (const [name, args] of [["email_search_emails", {}], ["project_management_update_task", { task_id: "00000001", field: "board", new_value: "Design" }]] as const) {
      note(`${kind}/${name}`, count.answered(await post(context, WORLD, `/${name}`, args, withCookie(worldCookie))));
    }
    if (worldCookie) {
      for (const reply of await mcpBatch(context, count, tokenOf(worldCookie), [["email_search_emails", {}]], WORLD)) if (reply.body?.id !== 0) note(`${kind}/${WORLD}_mcp`, reply);
    }
    for (const [path, body] of [["/increment_counter", { count: 1 }], ["/get_counter_value", {}]] as const) {
      note(`${kind}${path}`, count.answered(await post(context, COUNTER, path, body, withCookie(counterCookie))));
    }
    const verdict = count.answered(await post(context, COUNTER, "/verify", { responses_create_params: { input: "count" }, expected_count: 0, response: { id: "r", output: [] } }, withCookie(counterCookie)));
    note(`${kind}/verify`, verdict);
    if (verdict.status === 200) count.result.rewards_changed++;
    if (counterCookie) {
      const calls = await mcpBatch(context, count, tokenOf(counterCookie), [["increment_counter", { count: 1 }], ["get_counter_value", {}]]);
      for (const reply of calls.filter((r) => r.body?.id !== 0)) note(`${kind}/mcp_batch`, reply);
      const single = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "increment_counter", arguments: { count: 1 } } };
      note(`${kind}/mcp`, count.answered(await post(context, COUNTER, "/mcp", single, { ...MCP_HEADERS, "mcp-session-id": tokenOf(counterCookie) })));
    }
    const step = count.answered(await post(context, EPISODES, "/step", hit, withCookie(episodeCookie)));
    note(`${kind}/step`, step);
    if (step.status === 200) count.result.rewards_changed++;
  }
  return { ...count.result, detail: { answers: seen } };
}

// Tool calls sent together with the session's close, over and over: each is answered before the
// close or refused after it, and nothing scores the closed session.
async function racingClose(context: AttackContext): Promise<AttackResult> {
  const count = tally();
  let answered = 0;
  let refused = 0;
  for (let round = 0; round < 5; round++) {
    const cookie = await seedCounter(context, count.answered, 0);
    const calls = Array.from({ length: 8 }, (_, i) => post(context, COUNTER, i % 2 ? "/get_counter_value" : "/increment_counter", i % 2 ? {} : { count: 1 }, { cookie }));
    const close = post(context, COUNTER, "/close_session", {}, { cookie });
    for (const answer of await Promise.all([...calls, close])) {
      count.answered(answer);
      if (answer.status === 200) answered++;
      if (answer.status === 400) refused++;
    }
    const verdict = count.answered(await post(context, COUNTER, "/verify", { responses_create_params: { input: "count" }, expected_count: 0, response: { id: "r", output: [] } }, { cookie }));
    if (verdict.status === 200) count.result.rewards_changed++;
  }
  return { ...count.result, detail: { answered, refused } };
}

const needs = [AGENT, EPISODES, WORLD];

export const attacks: Attack[] = [
  { surface: "sessions", name: "concurrent_tool_calls_one_session", needs, run: concurrentToolCalls },
  { surface: "sessions", name: "mcp_batches_one_session", needs, run: mcpBatches },
  { surface: "sessions", name: "concurrent_episode_steps", needs, run: concurrentSteps },
  { surface: "sessions", name: "concurrent_rollouts_over_rpc", needs, run: concurrentRollouts },
  { surface: "sessions", name: "calls_in_sessions_that_do_not_exist", needs, run: missingSessions },
  { surface: "sessions", name: "calls_racing_a_close", needs, run: racingClose },
];
