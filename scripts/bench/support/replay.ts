// How `bench verify` times the scoring of an environment that keeps a session: the rollout its
// agent made is replayed against a fresh session, untimed, up to the call that scores it, and that
// call alone is timed. Stateless servers: /verify of the response. Stateful tool servers: the
// response's tool calls first, then /verify. Episode servers (gymnasium_agent): /reset, then each
// turn's /step, each timed (a step is where an episode scores). Aviary servers: /seed_session, each
// turn's /step timed, /close, then /verify timed.
import { call } from "../../../shared/client/call.ts";
import { CookieJar } from "../../../shared/client/cookies.ts";

type Row = Record<string, any>;
export type Protocol = "verify" | "tools" | "episode" | "aviary";

const DEADLINE_MS = 120_000;

const isModelItem = (item: Row) => item.type === "function_call" || item.type === "reasoning" || (item.type === "message" && item.role === "assistant");

/** A trajectory's model turns: the runs of the model's own items between what came back to it. */
export function turnsOf(output: readonly Row[]): Row[][] {
  const turns: Row[][] = [];
  let current: Row[] = [];
  for (const item of output) {
    if (isModelItem(item)) current.push(item);
    else if (current.length > 0) (turns.push(current), (current = []));
  }
  if (current.length > 0) turns.push(current);
  return turns;
}

/** A call that must succeed for the replay to go on; its wall time when it answered 2xx. */
async function post(url: string, path: string, body: unknown, jar: CookieJar): Promise<{ ms: number; json: Row } | undefined> {
  const began = performance.now();
  const result = await call({ name: "resources", url }, path, { body, jar, deadlineMs: DEADLINE_MS, attempts: 1 });
  const ms = performance.now() - began;
  if (result.status < 200 || result.status >= 300) return undefined;
  const json = JSON.parse(result.text) as Row;
  return json._ng_failure_class ? undefined : { ms, json };
}

/**
 * One replay of `body` (a row with the response its agent made), and the wall times of the calls
 * that score it; none when a call failed (a rollout that cannot be replayed is not timed).
 */
export async function timedScoring(protocol: Protocol, url: string, body: Row): Promise<number[]> {
  const jar = new CookieJar();
  const { response, ...row } = body;
  const times: number[] = [];
  switch (protocol) {
    case "verify": {
      const verified = await post(url, "/verify", body, jar);
      return verified ? [verified.ms] : [];
    }
    case "tools": {
      if (!(await post(url, "/seed_session", row, jar))) return [];
      try {
        for (const item of response.output as Row[]) {
          if (item.type === "function_call") await post(url, `/${item.name}`, JSON.parse(item.arguments || "{}"), jar);
        }
        const verified = await post(url, "/verify", body, jar);
        return verified ? [verified.ms] : [];
      } finally {
        await post(url, "/close_session", {}, jar);
      }
    }
    case "episode": {
      if (!(await post(url, "/reset", row, jar))) return [];
      try {
        for (const turn of turnsOf(response.output)) {
          const step = await post(url, "/step", { ...row, response: { ...response, output: turn } }, jar);
          if (!step) return [];
          times.push(step.ms);
          if (step.json.terminated || step.json.truncated) break;
        }
        return times;
      } finally {
        await post(url, "/close", {}, jar);
      }
    }
    case "aviary": {
      const seeded = await post(url, "/seed_session", { task_idx: row.task_idx }, jar);
      if (!seeded) return [];
      const env_id = seeded.json.env_id as string;
      try {
        for (const turn of turnsOf(response.output.flat())) {
          const calls = turn.filter((item) => item.type === "function_call");
          if (calls.length === 0 && turn.some((item) => item.type === "message")) continue;
          const step = await post(url, "/step", { env_id, action: calls }, jar);
          if (!step) return [];
          times.push(step.ms);
          if (step.json.done) break;
        }
      } finally {
        await post(url, "/close", { env_id }, jar);
      }
      const verified = await post(url, "/verify", { ...body, response: { ...response, env_id } }, jar);
      await post(url, "/close_session", {}, jar);
      return verified ? [...times, verified.ms] : [];
    }
  }
}
