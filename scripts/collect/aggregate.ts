// X_aggregate_metrics.json (SPEC "Collection outputs"): each agent's /aggregate_metrics over its
// rollouts, which the agent relays to its resources server. As in NeMo Gym, results are sent
// without `responses_create_params` and with only `usage` of `response`, and without our duration
// and the attempt index collect stamps on every line (NeMo's first attempts carry none, and an
// index is no metric). The request body is streamed from the rollouts file, so the collector never holds
// the whole run in memory.
import { writeFile } from "node:fs/promises";
import { Readable } from "node:stream";
import { ATTEMPT_INDEX_KEY, AggregateMetrics } from "../../shared/schemas/run.ts";
import { readJsonl } from "./jsonl.ts";
import { DURATION_KEY } from "./rollout.ts";

export interface AgentAggregate {
  agent_ref: { name: string };
  agent_metrics: Record<string, unknown>;
  key_metrics: Record<string, unknown>;
  group_level_metrics: Record<string, unknown>[];
}

const agentOf = (row: Record<string, unknown>) => (row.agent_ref as { name?: string } | undefined)?.name;

function strip(row: Record<string, unknown>): Record<string, unknown> {
  const { response, responses_create_params: _, [DURATION_KEY]: _ms, [ATTEMPT_INDEX_KEY]: _attempt, ...rest } = row;
  const usage = (response as { usage?: unknown } | undefined)?.usage;
  return usage ? { ...rest, response: { usage } } : rest;
}

// Sent in pieces of about this size: a piece per row costs the receiving runtime far more than the bytes.
const PIECE_CHARS = 64 * 1024;

async function* requestBody(rollouts: string, agent: string): AsyncGenerator<string> {
  let piece = '{"verify_responses":[';
  let first = true;
  for await (const { value } of readJsonl(rollouts)) {
    if (agentOf(value) !== agent) continue;
    piece += `${first ? "" : ","}${JSON.stringify(strip(value))}`;
    first = false;
    if (piece.length >= PIECE_CHARS) {
      yield piece;
      piece = "";
    }
  }
  yield `${piece}]}`;
}

async function agentMetrics(url: string, rollouts: string, agent: string, deadlineMs: number, headers: Record<string, string>): Promise<AgentAggregate> {
  const hop = `${agent}/aggregate_metrics`;
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${url}/aggregate_metrics`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: Readable.toWeb(Readable.from(requestBody(rollouts, agent))) as ReadableStream,
      duplex: "half",
      signal: AbortSignal.timeout(deadlineMs),
    } as RequestInit);
    text = await response.text();
  } catch (err) {
    const reason = (err as Error).name === "TimeoutError" ? `no answer within ${deadlineMs} ms` : (err as Error).message;
    throw new Error(`${hop}: ${reason}`);
  }
  if (!response.ok) throw new Error(`${hop} answered ${response.status}: ${text.slice(0, 500)}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${hop} answered a body that is not JSON: ${text.slice(0, 200)}`);
  }
  const parsed = AggregateMetrics.safeParse(body);
  if (!parsed.success) throw new Error(`${hop} answered a body that is not aggregate metrics: ${parsed.error.issues[0]?.message}`);
  const { agent_metrics, key_metrics, group_level_metrics } = parsed.data;
  return { agent_ref: { name: agent }, agent_metrics, key_metrics, group_level_metrics };
}

/** Writes the file with one entry per agent that has rollouts; returns the entries. */
export async function writeAggregateMetrics(rollouts: string, agentUrls: ReadonlyMap<string, string>, output: string, deadlineMs: number, headers: Record<string, string> = {}): Promise<AgentAggregate[]> {
  const agents = new Set<string>();
  for await (const { value } of readJsonl(rollouts)) {
    const name = agentOf(value);
    if (name) agents.add(name);
  }
  const entries: AgentAggregate[] = [];
  for (const agent of [...agents].sort()) {
    const url = agentUrls.get(agent);
    if (!url) throw new Error(`agent "${agent}" has rollouts but is not running`);
    entries.push(await agentMetrics(url, rollouts, agent, deadlineMs, headers));
  }
  await writeFile(output, `${JSON.stringify(entries, null, 2)}\n`);
  return entries;
}
