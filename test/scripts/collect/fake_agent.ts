// A head server and an agent on one loopback port, scripted by each row's `behavior`, for testing
// the collector's bookkeeping without a stack: what it sends, how it retries, what it writes.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { stringify } from "yaml";
import { UNPROCESSED_HEADER } from "../../../shared/client/call.ts";

export interface FakeAgent {
  url: string;
  /** Every row run, through /run or in a batch, in arrival order. */
  runs: Record<string, any>[];
  /** The rows of every /run_batch request. */
  batches: Record<string, any>[][];
  /** Every /aggregate_metrics body received. */
  aggregates: Record<string, any>[];
  /** Every POST /v1/responses body received (as a model server). */
  modelCalls: Record<string, any>[];
  /** /run requests answered so far. */
  answered: () => number;
  close(): Promise<void>;
}

export const BUSY_REFUSALS = 4;

/** What a head publishes beyond the two agents: its config, and more instances. */
export interface Published {
  config: Record<string, unknown>;
  instances: { name: string; server_type: string; implementation: string }[];
}

const usage = { input_tokens: 3, input_tokens_details: { cached_tokens: 0 }, output_tokens: 2, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 5 };

/**
 * Behaviors: "ok" (reward = row.score), "flaky" (a 503 the first time this row's id is seen),
 * "down" (always 504), "bad" (400), "judge" (200 with _ng_failure_class), "no_reward",
 * "limited" (a 429 with Retry-After: 1 the first time this row's id is seen), "busy" (refused as an
 * agent at its max_concurrent_runs refuses, a 503 marked unprocessed with Retry-After: 1, the first
 * BUSY_REFUSALS times this row's id is seen), "swamped" (always refused so), "hangup" (the
 * connection closed without an answer, while every other route still answers).
 * "nested" (a 502 whose message holds the next hop's JSON error, as relayed errors do).
 * `delayMs` delays every /run answer (and each batch's lines); `batches: false` makes /run_batch a
 * route this agent does not have (a 404); with `token`, every route wants `Authorization: Bearer <token>`.
 * With `published`, the head publishes that config and those instances too (a model instance's url
 * is this server's, whose POST /v1/responses answers as a model server whose fleet is `modelDown` or up).
 */
export async function startFakeAgent(options: { delayMs?: number; token?: string; published?: Published; modelDown?: boolean; batches?: boolean } = {}): Promise<FakeAgent> {
  const runs: Record<string, any>[] = [];
  const batches: Record<string, any>[][] = [];
  const modelCalls: Record<string, any>[] = [];
  const aggregates: Record<string, any>[] = [];
  const seen = new Set<string>();
  const refused = new Map<string, number>();
  let answered = 0;
  const server = createServer(async (req, res) => {
    let text = "";
    for await (const chunk of req) text += chunk;
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(body));
    };
    if (options.token && req.headers.authorization !== `Bearer ${options.token}`) {
      return send(401, { error: { type: "unauthorized", message: "a bearer token is required" } }, { "www-authenticate": "Bearer" });
    }
    if (req.url === "/server_instances") {
      const agents = ["fake_agent", "other_agent"].map((name) => ({ name, server_type: "responses_api_agents", implementation: "simple_agent", url }));
      const published = (options.published?.instances ?? []).map((i) => ({ ...i, url: i.server_type === "resources_servers" ? undefined : url }));
      return send(200, [...agents, ...published]);
    }
    if (req.url === "/global_config_dict_yaml" && options.published) return send(200, stringify(options.published.config));
    if (req.url === "/v1/responses") {
      modelCalls.push(JSON.parse(text));
      if (!options.modelDown) return send(200, { id: "r", object: "response", output: [], usage });
      // As vllm_model relays its gateway's answer: the fleet's error, JSON inside the message text.
      const inner = { error: { type: "upstream_unavailable", message: "no endpoint took the request: http://127.0.0.1:9/v1/chat/completions: connection failed", hop: "fleet/v1/chat/completions" } };
      return send(503, { error: { type: "upstream_unavailable", message: `gpu_gateway/v1/chat/completions: unavailable (503): ${JSON.stringify(inner)} (after 3 attempts)`, hop: "gpu_gateway/v1/chat/completions" } });
    }
    if (req.url === "/aggregate_metrics") {
      const body = JSON.parse(text);
      aggregates.push(body);
      const rewards = body.verify_responses.map((r: { reward: number }) => r.reward);
      const mean = rewards.reduce((a: number, b: number) => a + b, 0) / rewards.length;
      return send(200, { group_level_metrics: [], agent_metrics: { "mean/reward": mean }, key_metrics: { "mean/reward": mean } });
    }
    // A head that publishes no config: collect leaves the rows' task fields to /verify.
    if (req.method !== "POST") return send(404, { error: { type: "not_found", message: `no route ${req.method} ${req.url}` } });
    if (req.url === "/run_batch") return options.batches === false ? send(404, { detail: "Not Found" }) : runBatch(JSON.parse(text).rows, res);
    const row = JSON.parse(text);
    runs.push(row);
    await new Promise((r) => setTimeout(r, options.delayMs ?? 0));
    answered++;
    const answer = answerFor(row);
    if (answer === "hangup") return req.socket.destroy();
    return send(answer.status, answer.body, answer.headers);
  });

  /** What /run answers a row, by its behavior. */
  function answerFor(row: Record<string, any>): { status: number; body: Record<string, any>; headers?: Record<string, string> } | "hangup" {
    const ok = () => ({ status: 200, body: { ...row, response: { id: "r", output: [], usage }, reward: row.score ?? 1 } });
    switch (row.behavior ?? "ok") {
      case "hangup":
        return "hangup";
      case "flaky":
        if (seen.has(row.id)) return ok();
        seen.add(row.id);
        return { status: 503, body: { error: { type: "upstream_unavailable", message: "model down", hop: "policy_model/v1/responses" } } };
      case "limited":
        if (seen.has(row.id)) return ok();
        seen.add(row.id);
        return { status: 429, body: { error: { type: "rate_limited", message: "slow down" } }, headers: { "retry-after": "1" } };
      case "busy":
      case "swamped": {
        const times = refused.get(row.id) ?? 0;
        if (row.behavior === "busy" && times >= BUSY_REFUSALS) return ok();
        refused.set(row.id, times + 1);
        return { status: 503, body: { error: { type: "overloaded", message: "at max_concurrent_runs" } }, headers: { [UNPROCESSED_HEADER]: "1", "retry-after": "1" } };
      }
      case "down":
        return { status: 504, body: { error: { type: "deadline_exceeded", message: "no answer", hop: "policy_model/v1/responses" } } };
      case "nested": {
        const inner = { error: { type: "bad_upstream_response", message: 'the tool said:\n"no such file"', hop: "sandbox" } };
        return { status: 502, body: { error: { type: "bad_upstream_response", message: `resources/verify answered 502: ${JSON.stringify(inner)}`, hop: "resources/verify" } } };
      }
      case "bad":
        return { status: 400, body: { error: { type: "invalid_request", message: "expected_count: required" } } };
      case "judge":
        return { status: 200, body: { ...row, response: { id: "r", output: [], usage }, reward: 0, _ng_failure_class: "judge_failed", error: "judge down" } };
      case "no_reward":
        return { status: 200, body: { ...row, response: { id: "r", output: [], usage } } };
      default:
        return ok();
    }
  }

  /**
   * /run_batch as our agents answer it: a line per row, as /run would have answered it (an error's
   * status in its `error`), in reverse order of the rows (lines come as rollouts end); a row that
   * hangs up ends the connection after the lines before it; a busy row refuses the whole batch.
   */
  async function runBatch(rows: Record<string, any>[], res: import("node:http").ServerResponse) {
    batches.push(rows);
    if (rows.some((row) => ["busy", "swamped"].includes(row.behavior))) {
      const refusal = answerFor(rows.find((row) => ["busy", "swamped"].includes(row.behavior))!) as { status: number; body: unknown; headers: Record<string, string> };
      res.writeHead(refusal.status, { "content-type": "application/json", ...refusal.headers });
      return res.end(JSON.stringify(refusal.body));
    }
    res.writeHead(200, { "content-type": "application/x-ndjson" });
    await new Promise((r) => setTimeout(r, options.delayMs ?? 0));
    for (let index = rows.length - 1; index >= 0; index--) {
      const row = rows[index]!;
      runs.push(row);
      answered++;
      const answer = answerFor(row);
      if (answer === "hangup") return res.socket?.destroy();
      const { status, body } = answer;
      const line =
        status !== 200
          ? { index, failure: { _ng_failure_class: body.error.type, error: { status, ...body.error } } }
          : body._ng_failure_class
            ? { index, failure: (({ reward: _r, ...echoed }) => echoed)(body) }
            : { index, result: body };
      res.write(`${JSON.stringify(line)}\n`);
    }
    res.end();
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    runs,
    batches,
    aggregates,
    modelCalls,
    answered: () => answered,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
