// Async mode of POST /run, for trainers that cannot hold a connection open for a whole rollout:
// `Prefer: respond-async` (RFC 7240) answers 202 with a rollout id at once, the rollout runs in
// its own RolloutDO, and GET /rollouts/:id reports it. A client-chosen id in `Idempotency-Key`
// (the IETF httpapi draft's header) makes a resubmission return the existing rollout, never
// start a second one, so retrying a submit whose answer was lost is always safe. The same key
// and row at a higher `_ng_attempt_index` is a retry: it replaces the rollout, and the older
// attempt's answer, should it still come, is dropped (durable_objects/rollout_do.ts).
import { ATTEMPT_INDEX_KEY } from "../schemas/run.ts";
import type { RunRequest } from "../schemas/run.ts";
import { identified } from "./identity.ts";
import type { RolloutIdentity } from "./identity.ts";
import { HttpError } from "../server/errors.ts";
import { sha256Hex } from "../server/sha256.ts";

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

/**
 * What these routes call on a rollout object: durable_objects/rollout_do.ts's RolloutObject, which
 * shared code cannot import, so only the shape it is used through is written here.
 */
interface RolloutRpc {
  submit(id: string, row: RunRequest & RolloutIdentity, fingerprint: string, ttlMs: number, caller: string | undefined): Promise<{ conflict: true } | { conflict: false; state: object }>;
  state(): Promise<object | null>;
}

interface RolloutNamespace {
  idFromName(name: string): DurableObjectId;
  get(id: DurableObjectId): unknown;
}

export interface AsyncBindings {
  ROLLOUTS?: RolloutNamespace;
}

/** Ids name Durable Objects and appear in URLs: a conservative charset, bounded length. */
const ROLLOUT_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function invalidId(field: string, value: string): HttpError {
  const message = `must be 1-128 characters from A-Z a-z 0-9 . _ : - (got ${JSON.stringify(value.slice(0, 40))}${value.length > 40 ? "..." : ""})`;
  return new HttpError(400, "invalid_request", `${field}: ${message}`, { issues: [{ path: field, message }] });
}

export type RunMode = { async: false } | { async: true; rolloutId: string };

/** Reads the mode from the headers; a bad Idempotency-Key is a 400 naming the header. */
export function runMode(request: Request): RunMode {
  const key = request.headers.get(IDEMPOTENCY_KEY_HEADER);
  const prefersAsync = /(^|,)\s*respond-async\s*(;|,|$)/i.test(request.headers.get("prefer") ?? "");
  if (!prefersAsync) {
    // Deduplication needs the stored rollout: a key on a synchronous run would promise what it cannot keep.
    if (key !== null) throw new HttpError(400, "invalid_request", `${IDEMPOTENCY_KEY_HEADER} needs "Prefer: respond-async"`, { issues: [{ path: IDEMPOTENCY_KEY_HEADER, message: 'only used with "Prefer: respond-async"' }] });
    return { async: false };
  }
  if (key !== null && !ROLLOUT_ID.test(key)) throw invalidId(IDEMPOTENCY_KEY_HEADER, key);
  return { async: true, rolloutId: key ?? crypto.randomUUID() };
}

function rollouts(env: AsyncBindings): RolloutNamespace {
  if (!env.ROLLOUTS) throw new HttpError(500, "misconfigured", "no ROLLOUTS Durable Object binding: async mode needs one (class RolloutDO)");
  return env.ROLLOUTS;
}

// Deployed, each caller (token name) has its own ids: one trainer can neither read another's
// rollouts nor collide with its keys. Open (local) mode has no callers and one space of ids.
const stubFor = (env: AsyncBindings, id: string, caller: string | undefined): RolloutRpc => {
  const namespace = rollouts(env);
  return namespace.get(namespace.idFromName(caller === undefined ? id : `${caller}\n${id}`)) as RolloutRpc;
};

// A retry of a rollout (the same row at a later `_ng_attempt_index`) has the same fingerprint.
const fingerprint = ({ [ATTEMPT_INDEX_KEY]: _attempt, ...row }: RunRequest): Promise<string> => sha256Hex(JSON.stringify(row));

const locationOf = (id: string) => `/rollouts/${encodeURIComponent(id)}`;

/** 202 with the rollout's state (queued for a new one) and where to poll it. */
export async function submitRollout(env: AsyncBindings, row: RunRequest, rolloutId: string, ttlMs: number, caller: string | undefined): Promise<Response> {
  const submitted = await stubFor(env, rolloutId, caller).submit(rolloutId, identified(row, rolloutId), await fingerprint(row), ttlMs, caller);
  if (submitted.conflict) {
    throw new HttpError(422, "idempotency_key_reused", `${IDEMPOTENCY_KEY_HEADER} ${rolloutId} was already used for a different row`, { issues: [{ path: IDEMPOTENCY_KEY_HEADER, message: "already used for a different row" }] });
  }
  return Response.json(submitted.state, { status: 202, headers: { location: locationOf(rolloutId) } });
}

/** GET /rollouts/:id: the state, with the /run body once completed; 404 once expired. */
export async function rolloutStatus(env: AsyncBindings, rolloutId: string, caller: string | undefined): Promise<Response> {
  if (!ROLLOUT_ID.test(rolloutId)) throw invalidId("rollout_id", rolloutId);
  const state = await stubFor(env, rolloutId, caller).state();
  if (!state) throw new HttpError(404, "not_found", `no rollout ${rolloutId} (never submitted, or its result expired)`);
  return Response.json(state);
}
