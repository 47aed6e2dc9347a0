// 5G RAN congestion control (NeMo Gym's openair_congestion, replay backend): each turn the model
// reads cell and UE telemetry and makes exactly one of eight tool calls. A well-formed call is
// checked by the guardrail (guardrail.ts), played on the synthetic replay (episode.ts) and scored
// by the KPI reward (rewards.ts); an unsafe one is rejected and scored as rejected. A turn with no
// call, several, or a malformed or unknown one is a protocol violation: the episode advances as
// by noop and the step scores noop's reward plus the configured (negative) penalty, so breaking
// the protocol can neither end a costly episode early nor beat standing pat. The step reward is
// the reference's, summed by the agent; the episode ends after the row's max_steps (capped at the
// config's agent_max_steps), its state released.
import { pyJsonDumps } from "../../../shared/json/python_text.ts";
import { defineEpisodeServer } from "../../../shared/resources/episode.ts";
import type { FunctionCallItem, ResponseObject } from "../../../shared/schemas/responses.ts";
import { HttpError } from "../../../shared/server/errors.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { MalformedCall, parseCall, pyRepr } from "./arguments.ts";
import type { ToolCall } from "./arguments.ts";
import declaration, { OpenAirConfig } from "./declaration.ts";
import { DYNAMICS_MODE } from "./dynamics.ts";
import { advance, currentObservation, startReplay } from "./episode.ts";
import type { Replay } from "./episode.ts";
import { render } from "./render.ts";
import { PRB_PRESSURE_THRESHOLD, REWARD_VERSION, REWARD_WEIGHTS } from "./rewards.ts";

import { episodeSessionDO } from "../../../durable_objects/session_do.ts";
import { serveOpenEnv } from "../../../shared/openenv/route.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

/** What every reset and step tells a trainer about this backend and its reward (the reference's episode contract). */
const CONTRACT = {
  backend: "replay",
  dynamics_mode: DYNAMICS_MODE,
  action_affects_observation: true,
  causal_action_effects: true,
  training_usable: true,
  diagnostic_only: false,
  reward_profile: REWARD_VERSION,
  reward_weights: REWARD_WEIGHTS,
  prb_pressure_threshold: PRB_PRESSURE_THRESHOLD,
  observation_render: "openair_natural_language_v1",
  supports_explicit_close: true,
  supports_step_idempotency: true,
};

const NO_TOOL_CALL = "No tool call detected. Issue exactly one tool call per turn from the configured action space (use `noop` to stand pat). Applied penalized noop.";
const MULTIPLE_CALLS = "Exactly one tool call is required; applied penalized noop.";
const INVALID_CALL = "Invalid tool call rejected; applied penalized noop.";
const MAX_CACHED_ANSWER = 256 * 1024;
const NOOP: ToolCall = { name: "noop", arguments: new Map() };

interface Episode {
  episodeId: string;
  replay: Replay;
  cumulativeReward: number;
  nSteps: number;
  /** When the episode was last reset or stepped (ms): idle longer than session_ttl_s, it is gone. */
  touchedAt: number;
  /** The last step's request id and answer: the same id again gets the same answer, not another step. */
  last?: { requestId: string; answer: Answer };
}

interface Answer {
  observation: string;
  reward: number;
  terminated: boolean;
  info: Record<string, unknown>;
}

const toolOutput = (call: FunctionCallItem, result: object) => ({ call_id: call.call_id, output: pyJsonDumps(result) });

/** The turn's single call, or why the turn breaks the protocol. */
function readTurn(response: ResponseObject): { call: FunctionCallItem; tool: ToolCall } | { error: string; message: string; toolOutputs: object[] } {
  const calls = response.output.filter((item): item is FunctionCallItem => item.type === "function_call");
  if (calls.length === 0) return { error: "no_tool_call", message: NO_TOOL_CALL, toolOutputs: [] };
  if (calls.length > 1) return { error: "multiple_tool_calls", message: MULTIPLE_CALLS, toolOutputs: calls.map((c) => toolOutput(c, { accepted: false, error: MULTIPLE_CALLS })) };
  const call = calls[0]!;
  try {
    return { call, tool: parseCall(call.name, call.arguments) };
  } catch (err) {
    if (!(err instanceof MalformedCall)) throw err;
    return { error: "invalid_tool_call", message: INVALID_CALL, toolOutputs: [toolOutput(call, { accepted: false, error: err.message })] };
  }
}

function play(episode: Episode, response: ResponseObject, penalty: number): Answer {
  const turn = readTurn(response);
  const ids = () => ({ episode_id: episode.episodeId, n_steps: episode.nSteps, cumulative_reward: episode.cumulativeReward });
  if ("error" in turn) {
    const step = advance(episode.replay, NOOP);
    const reward = step.reward + penalty;
    episode.nSteps++;
    episode.cumulativeReward += reward;
    const last = { name: "noop", argumentsRepr: "{}", reward, rejection: turn.message };
    return {
      observation: render(step.observation, step.info.step_idx, last),
      reward,
      terminated: step.done,
      info: {
        ...step.info,
        ...CONTRACT,
        reward_terms: { ...step.info.reward_terms, protocol_violation: penalty, total: reward },
        error: turn.error,
        message: turn.message,
        protocol_violation: true,
        protocol_rejection: true,
        guardrail_accepted: false,
        rejection_reason: turn.message,
        applied_fallback_action: { name: "noop", arguments: {} },
        tool_outputs: turn.toolOutputs,
        ...ids(),
      },
    };
  }
  const step = advance(episode.replay, turn.tool);
  episode.nSteps++;
  episode.cumulativeReward += step.reward;
  const { guardrail_accepted: accepted, rejection_reason: reason, step_idx: stepIdx } = step.info;
  const last = { name: turn.tool.name, argumentsRepr: pyRepr(turn.tool.arguments), reward: step.reward, rejection: reason };
  return {
    observation: render(step.observation, stepIdx, last),
    reward: step.reward,
    terminated: step.done,
    info: {
      ...step.info,
      ...CONTRACT,
      tool_outputs: [toolOutput(turn.call, { accepted, rejection_reason: reason, step_idx: stepIdx })],
      ...ids(),
    },
  };
}

/** A step's `_ng_step_request_id` (the reference's retry key), checked as the reference checks it. */
function requestIdOf(body: Record<string, unknown>): string | undefined {
  const id = body._ng_step_request_id;
  if (id === undefined || id === null) return undefined;
  if (typeof id !== "string" || id.length === 0 || id.length > 128) {
    throw new HttpError(400, "invalid_request", "_ng_step_request_id must be a non-empty string of at most 128 characters");
  }
  return id;
}

const server = defineEpisodeServer({
  declaration,
  reset(row, { env }) {
    const config = instanceConfig(env, OpenAirConfig);
    // The row's horizon, never past the agent's turn budget: the episode ends when the agent stops.
    const maxSteps = Math.min(row.max_steps ?? config.max_steps_default, config.agent_max_steps);
    const seed = row.seed ?? 0;
    const replay = startReplay(seed, row.difficulty ?? 0.5, row.regime_mix ?? undefined, maxSteps);
    const episodeId = `ep_replay_${crypto.randomUUID().replaceAll("-", "").slice(0, 8)}`;
    const episode: Episode = { episodeId, replay, cumulativeReward: 0, nSteps: 0, touchedAt: Date.now() };
    return {
      observation: render(currentObservation(replay), 0),
      info: { episode_id: episodeId, seed, scenario_id: row.scenario_id ?? null, tier: "replay", ...CONTRACT },
      state: episode,
    };
  },
  step(episode: Episode, action, row, { env }) {
    const config = instanceConfig(env, OpenAirConfig);
    if (Date.now() - episode.touchedAt > config.session_ttl_s * 1000) {
      throw new HttpError(409, "no_episode", `the episode was idle for more than session_ttl_s (${config.session_ttl_s} s) and has expired: POST /reset`);
    }
    const requestId = requestIdOf(row);
    const answer = requestId !== undefined && episode.last?.requestId === requestId ? episode.last.answer : play(episode, action, config.protocol_violation_penalty);
    episode.touchedAt = Date.now();
    // Kept for a retry only when small: a call echoing half a megabyte is played again instead of
    // filling the session's storage (a row holds 2 MB at most).
    episode.last = requestId === undefined || JSON.stringify(answer).length > MAX_CACHED_ANSWER ? undefined : { requestId, answer };
    return { ...answer, state: episode };
  },
});

// OpenEnv's reset/step/state over a WebSocket at GET /ws, held by this server's SessionDO (docs/openenv.md).
serveOpenEnv(server);
export const SessionDO = episodeSessionDO(server);

export default server;
export const Rpc = rpcEntrypoint(server);
