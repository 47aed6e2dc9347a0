// One OpenEnv socket playing one episode server: each frame in, at most one frame out (OpenEnv's
// server answers every frame but close), by calling the server's own /reset, /step and /close
// routes in-process (answerRpc), so a socket's episode is played exactly as gymnasium_agent plays
// one over RPC: the same validation, the same state in the episode's session, the same errors.
// The socket's own facts (which episode, how many steps, its message budget) are small and kept
// in the socket's attachment, so they survive hibernation; the episode's row is kept by the
// caller (`rows`), as it may be larger than an attachment holds.
import { ResetResponse, StepResponse } from "../schemas/episode.ts";
import { nestsDeeperThan } from "../server/json_depth.ts";
import { limitOf } from "../server/limits.ts";
import type { LimitBindings } from "../server/limits.ts";
import type { RpcAnswer, RpcRequest } from "../server/rpc.ts";
import { illFormedText } from "../server/well_formed.ts";
import { zodIssues } from "../server/errors.ts";
import type { Issue } from "../server/errors.ts";
import { FRAMES, ResetData, StepAction, actionResponse, errorFrame, resetFrame, stepFrame } from "./frames.ts";
import type { Frame } from "./frames.ts";

/** Frames a socket may send a minute (the local stack's per-caller request limit): more closes it. */
export const FRAMES_PER_MINUTE = 600;

/** WebSocket close codes and reasons, so a closed client knows why. */
export const CLOSE = {
  byClient: { code: 1000, reason: "closed by the client" },
  idle: { code: 1000, reason: "idle past the session TTL" },
  flood: { code: 1008, reason: `more than ${FRAMES_PER_MINUTE} messages a minute` },
  tooBig: { code: 1009, reason: "message larger than MAX_BODY_BYTES" },
} as const;
export type Close = (typeof CLOSE)[keyof typeof CLOSE];

export interface SocketState {
  /** The session of the episode in play (the one /reset issued); null before the first reset. */
  session: string | null;
  /** OpenEnv's episode_id: the reset's, or the session's. */
  episodeId: string | null;
  steps: number;
  /** Set once a step ended the episode: its session is gone, a step now needs a reset first. */
  done: boolean;
  windowStart: number;
  framesInWindow: number;
}

export const newSocketState = (): SocketState => ({ session: null, episodeId: null, steps: 0, done: false, windowStart: 0, framesInWindow: 0 });

export interface EpisodeIo {
  /** The episode server's route, answered in-process. */
  call(request: RpcRequest): Promise<RpcAnswer>;
  rows: { get(): Promise<Record<string, unknown> | undefined>; put(row: Record<string, unknown>): Promise<void> };
  env: LimitBindings;
  now(): number;
}

export interface Outcome {
  reply?: Frame;
  close?: Close;
}

/** Answers one frame, updating `state` in place. */
export async function handleFrame(message: string | ArrayBuffer, state: SocketState, io: EpisodeIo): Promise<Outcome> {
  const now = io.now();
  if (now - state.windowStart >= 60_000) Object.assign(state, { windowStart: now, framesInWindow: 0 });
  if (++state.framesInWindow > FRAMES_PER_MINUTE) return { close: CLOSE.flood };
  const bytes = typeof message === "string" ? new TextEncoder().encode(message).byteLength : message.byteLength;
  if (bytes > limitOf(io.env, "MAX_BODY_BYTES")) return { close: CLOSE.tooBig };
  const text = typeof message === "string" ? message : new TextDecoder().decode(message);

  if (nestsDeeperThan(text, limitOf(io.env, "MAX_JSON_DEPTH"))) return { reply: errorFrame("VALIDATION_ERROR", `message nests deeper than ${limitOf(io.env, "MAX_JSON_DEPTH")} levels`) };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return { reply: errorFrame("INVALID_JSON", `Invalid JSON: ${(err as Error).message}`) };
  }
  const illFormed = illFormedText(parsed);
  if (illFormed) return { reply: invalid([illFormed]) };

  const type = (parsed as { type?: unknown } | null)?.type;
  const schema = typeof type === "string" && Object.hasOwn(FRAMES, type) ? FRAMES[type as keyof typeof FRAMES] : undefined;
  if (!schema) return { reply: errorFrame("UNKNOWN_TYPE", `Unknown message type: ${typeof type === "string" ? type : JSON.stringify(type ?? "")}`) };
  const frame = schema.safeParse(parsed);
  if (!frame.success) return { reply: invalid(zodIssues(frame.error)) };

  try {
    switch (frame.data.type) {
      case "reset":
        return { reply: await reset(frame.data.data, state, io) };
      case "step":
        return { reply: await step(frame.data.data, state, io) };
      case "state":
        return { reply: { type: "state", data: { episode_id: state.episodeId, step_count: state.steps } } };
      case "close":
        await endEpisode(state, io);
        return { close: CLOSE.byClient };
      case "mcp":
        return { reply: mcp(frame.data.data) };
    }
  } catch (err) {
    // The routes answer their own failures; what is left (storage unreachable) is the frame's, not the socket's.
    return { reply: errorFrame("EXECUTION_ERROR", (err as Error).message) };
  }
}

/** Frees the episode in play, if any (its session's state goes at once, not at its TTL). */
export async function endEpisode(state: SocketState, io: EpisodeIo): Promise<void> {
  if (state.session && !state.done) await io.call({ path: "/close", session: state.session });
  state.session = null;
}

async function reset(data: Record<string, unknown>, state: SocketState, io: EpisodeIo): Promise<Frame> {
  const row = ResetData.safeParse(data);
  if (!row.success) return invalid(zodIssues(row.error, ["data"]));
  const { episode_id: episodeId, ...rest } = row.data;
  // One episode per socket: a reset ends the one before it.
  await endEpisode(state, io);
  const answer = await io.call({ path: "/reset", body: rest });
  if (answer.status !== 200) return failed(answer, "data");
  await io.rows.put(rest);
  Object.assign(state, { session: answer.session ?? null, episodeId: episodeId ?? answer.session ?? null, steps: 0, done: false });
  return resetFrame(ResetResponse.parse(answer.body));
}

async function step(data: Record<string, unknown>, state: SocketState, io: EpisodeIo): Promise<Frame> {
  const action = StepAction.safeParse(data);
  if (!action.success) return invalid(zodIssues(action.error, ["data"]));
  const row = await io.rows.get();
  if (!state.session || state.done || !row) return errorFrame("EXECUTION_ERROR", "no episode in progress on this socket (never reset, or already done): send a reset first");
  const answer = await io.call({ path: "/step", session: state.session, body: { ...row, response: actionResponse(action.data) } });
  if (answer.status !== 200) return failed(answer, "data");
  const result = StepResponse.parse(answer.body);
  state.steps++;
  // The server released an ended episode's session with the step that ended it.
  if (result.terminated || result.truncated) state.done = true;
  return stepFrame(result);
}

// Episode servers have no tools: over MCP they list none, as OpenEnv's server does for such an environment.
function mcp(request: Record<string, unknown>): Frame {
  const id = request.id ?? null;
  if (request.method === "tools/list") return { type: "mcp", data: { jsonrpc: "2.0", id, result: { tools: [] } } };
  return { type: "mcp", data: { jsonrpc: "2.0", id, error: { code: -32601, message: `Method not found: ${String(request.method)}` } } };
}

const invalid = (issues: Issue[]): Frame => errorFrame("VALIDATION_ERROR", "Invalid message", issues);

/** A route's refusal as OpenEnv's error: a 400 names the field under `base`, anything else is the environment's failure. */
function failed(answer: RpcAnswer, base: string): Frame {
  const error = (answer.body as { error?: { type?: string; message?: string; issues?: Issue[] } } | undefined)?.error;
  const message = error?.message ?? answer.text ?? `the episode server answered ${answer.status}`;
  if (answer.status === 400) {
    const issues = error?.issues?.map((i) => ({ ...i, path: `${base}.${i.path}` }));
    return errorFrame("VALIDATION_ERROR", message, issues ?? [{ path: base, message }]);
  }
  return errorFrame("EXECUTION_ERROR", `${error?.type ?? answer.status}: ${message}`);
}
