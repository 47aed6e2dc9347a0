// What an agent tells the head's monitor (durable_objects/monitor_do.ts, read by the dashboard at
// /ui) about each rollout: a start, then its end with the whole line as /run answered it. Records
// are batched per isolate and sent at most every FLUSH_MS, so a busy agent makes a few calls a
// second, not one per rollout; a rollout that starts and ends within one batch is one record.
// Monitoring never touches a rollout: it waits for nothing, a failed send loses only its
// records (logged), and an agent without the MONITOR binding (a test's) reports nothing.
import type { RolloutSummary } from "../rollouts/summary.ts";
import { outcomeFields, rowFields } from "../rollouts/summary.ts";
import type { Outcome } from "./outcome.ts";
import { withinDeadline } from "./run_limits.ts";

/** One record: a rollout's fields known so far (a start, an end, or both), keyed by id. */
export type MonitorEvent = Partial<RolloutSummary> & Pick<RolloutSummary, "id"> & {
  /** The rollout line as JSON; null when over MAX_BODY_CHARS (then `note` says so). */
  body?: string | null;
  note?: string | null;
};

/** The monitor object's RPC surface, as the agent calls it. */
export interface MonitorRpc {
  record(events: MonitorEvent[]): Promise<void>;
}

interface MonitorNamespace {
  idFromName(name: string): DurableObjectId;
  get(id: DurableObjectId): unknown;
}

export interface MonitorBindings {
  MONITOR?: MonitorNamespace;
  INSTANCE_NAME?: string;
  INSTANCE_CONFIG?: Record<string, unknown>;
}

/** Records wait at most this long; a batch of this many goes at once. */
const FLUSH_MS = 1000;
const MAX_BATCH = 256;
/** A rollout line longer than this is recorded without its body (SQLite's value limit is 2 MB). */
export const MAX_BODY_CHARS = 480 * 1024;
/** A send that takes longer is abandoned: its records are lost, the agent is not held. */
const SEND_DEADLINE_MS = 10_000;

/** Each caller's rollouts live in the caller's own object: a token reads only what it ran. */
export const monitorScope = (caller: string | undefined | null): string => (caller ? `caller:${caller}` : "open");

export type WaitUntil = (promise: Promise<unknown>) => void;

// Per isolate: records waiting, by scope, and whether a send is already timed for them.
const pending = new Map<string, Map<string, MonitorEvent>>();
let timed = false;
let warned = false;

function environmentOf(env: MonitorBindings): string | null {
  const ref = env.INSTANCE_CONFIG?.resources_server;
  return typeof ref === "object" && ref !== null && typeof (ref as { name?: unknown }).name === "string" ? (ref as { name: string }).name : null;
}

function add(scope: string, event: MonitorEvent): void {
  let events = pending.get(scope);
  if (!events) pending.set(scope, (events = new Map()));
  const earlier = events.get(event.id);
  events.set(event.id, earlier ? { ...earlier, ...event } : event);
}

// Takes what is pending at once, so records added while it sends wait for the next send.
async function send(env: MonitorBindings): Promise<void> {
  const namespace = env.MONITOR!;
  const scopes = [...pending];
  pending.clear();
  for (const [scope, events] of scopes) {
    const batch = [...events.values()];
    for (let at = 0; at < batch.length; at += MAX_BATCH) {
      const stub = namespace.get(namespace.idFromName(scope)) as MonitorRpc;
      try {
        await withinDeadline(SEND_DEADLINE_MS, "the monitor", () => stub.record(batch.slice(at, at + MAX_BATCH)));
      } catch (err) {
        if (!warned) console.warn(`rollout monitor: ${batch.length} records not delivered (the dashboard misses them):`, err);
        warned = true;
      }
    }
  }
}

// The timer and the send belong to the request that sets it (workerd ties I/O to a request):
// each send is started afresh by a request still running, never chained onto an old one's.
function schedule(env: MonitorBindings, waitUntil: WaitUntil): void {
  if (timed) return;
  timed = true;
  waitUntil(
    new Promise((resolve) => setTimeout(resolve, FLUSH_MS)).then(() => {
      timed = false;
      return send(env);
    }),
  );
}

/**
 * Reports a rollout's start; the function it returns reports its end (call it once, with the
 * outcome). Both only queue a record: the send happens later, within `waitUntil`.
 */
export function monitorRollout(env: MonitorBindings, row: Record<string, unknown>, caller: string | undefined, waitUntil: WaitUntil): (outcome: Outcome) => void {
  if (!env.MONITOR) return () => {};
  const scope = monitorScope(caller);
  const id = crypto.randomUUID();
  const startedAt = Date.now();
  add(scope, { id, agent: env.INSTANCE_NAME ?? "agent", environment: environmentOf(env), caller: caller ?? null, ...rowFields(row), status: "in_flight", started_at: startedAt });
  schedule(env, waitUntil);
  return (outcome) => {
    const line = "result" in outcome ? outcome.result : { ...row, ...outcome.failure };
    const body = JSON.stringify(line);
    const ended = Date.now();
    const fits = body.length <= MAX_BODY_CHARS;
    add(scope, {
      id,
      ...outcomeFields(line as Record<string, unknown>),
      ended_at: ended,
      duration_ms: ended - startedAt,
      body: fits ? body : null,
      note: fits ? null : `the rollout's ${(body.length / 1e6).toFixed(1)} MB line is over the monitor's ${MAX_BODY_CHARS / 1024} KB cap: read it in the rollouts file`,
    });
    schedule(env, waitUntil);
  };
}
