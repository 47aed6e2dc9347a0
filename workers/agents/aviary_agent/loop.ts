// One aviary episode, as NeMo Gym's aviary_agent plays it: /seed_session with the row's task_idx
// gives the environment's id, its first observations (after the row's own input) and its tools;
// then model call -> /step with the turn's function calls -> their observations, until the
// environment says done, the model answers with text and no call (done_if_no_tool_calls), or
// max_steps calls have run. /close the environment however the episode went, then /verify: the
// reward is the sum of the steps' rewards, kept by the server.
import { callResources } from "../../../shared/agents/hops.ts";
import type { AgentHops } from "../../../shared/agents/hops.ts";
import { callModel, inputItems } from "../../../shared/agents/model.ts";
import { serverFailure } from "../../../shared/agents/server_failure.ts";
import { closeSession } from "../../../shared/agents/session.ts";
import { answerError, hopError } from "../../../shared/client/call.ts";
import { AviarySeedResponse, AviaryStepResponse, AviaryTask, AviaryVerifyResponse } from "../../../shared/schemas/aviary.ts";
import type { AviaryResponse, AviaryStepRequest } from "../../../shared/schemas/aviary.ts";
import type { FunctionCallItem, Item, ResponseObject } from "../../../shared/schemas/responses.ts";
import type { RunRequest, VerifyResponse } from "../../../shared/schemas/run.ts";
import { validate } from "../../../shared/server/body.ts";
import type { z } from "../../../shared/zod.ts";
import type { AviaryAgentConfig } from "./config.ts";

export interface AviaryDeps extends AgentHops {
  config: AviaryAgentConfig;
}

const NO_TOOL_CALL = "Your reply called no tool, or its call could not be read (format, tool name or arguments). Call at least one tool to go on.";

/** A call to the resources server, answered 2xx and parsed: a 4xx is the caller's bad input, anything else the server's failure. */
async function environmentCall<S extends z.ZodType>(deps: AviaryDeps, path: string, body: unknown, schema: S): Promise<z.infer<S>> {
  const hop = `${deps.resources.name}${path}`;
  const result = await callResources(deps, path, body);
  if (result.status >= 400 && result.status < 500) throw answerError(result, hop);
  if (result.status < 200 || result.status >= 300) throw serverFailure(hop, result, "episode_failed");
  const parsed = schema.safeParse(result.body ?? JSON.parse(result.text));
  if (!parsed.success) throw hopError(502, hop, `${hop} answered a body that is not a ${path.slice(1)} answer: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/** Observations that describe the environment's state (the server marks them `is_env_state`). */
const isEnvState = (item: Item) => (item as { is_env_state?: unknown }).is_env_state === true;

interface Episode {
  last: ResponseObject;
  /** One input snapshot per step (return_transitions), else the flat trajectory. */
  output: Item[] | Item[][];
}

async function play(row: RunRequest, seed: AviarySeedResponse, deps: AviaryDeps): Promise<Episode> {
  const { config } = deps;
  const params = { ...row.responses_create_params, tools: seed.tools };
  let input: Item[] = [...inputItems(row.responses_create_params), ...seed.obs];
  const transitions: Item[][] = [];
  const trajectory: Item[] = [];
  let last: ResponseObject | undefined;
  for (let step = 0; config.max_steps == null || step < config.max_steps; step++) {
    last = await callModel(params, input, deps);
    const output = last.output;
    const calls = output.filter((item): item is FunctionCallItem => item.type === "function_call");
    const spoke = output.some((item) => item.type === "message" && item.role === "assistant");
    let obs: Item[];
    let done: boolean;
    let applied = true;
    if (calls.length === 0 && spoke) {
      done = config.done_if_no_tool_calls;
      obs = done ? [] : [{ type: "message", role: "user", content: NO_TOOL_CALL }];
      applied = done;
    } else {
      // A turn with neither calls nor text (reasoning only) is still a step: the environment judges an empty action.
      const action: AviaryStepRequest = { env_id: seed.env_id, action: calls };
      const answer = await environmentCall(deps, "/step", action, AviaryStepResponse);
      obs = answer.obs;
      done = answer.done;
    }
    // Hidden only after a step that brought a new state: a nudge brings none.
    const previous = applied && config.collapse_old_env_states ? input.map((item) => (isEnvState(item) ? ({ type: "message", role: "user", content: config.old_env_state_message } as Item) : item)) : input;
    input = [...previous, ...output, ...obs];
    if (config.return_transitions) transitions.push(input);
    else trajectory.push(...output, ...(applied ? obs : []));
    if (done) break;
  }
  // max_steps is at least 1 when set, so there was a model call.
  return { last: last!, output: config.return_transitions ? transitions : trajectory };
}

async function closeEnvironment(deps: AviaryDeps, envId: string): Promise<void> {
  // Housekeeping: the rewards are kept already; a close that fails is only logged.
  const result = await callResources(deps, "/close", { env_id: envId }).catch((err: Error) => ({ status: 0, text: err.message }));
  if (result.status < 200 || result.status >= 300) console.warn(`${deps.resources.name}/close failed (${result.status}): ${result.text.slice(0, 300)}`);
}

export async function runAviaryEpisode(row: RunRequest, deps: AviaryDeps): Promise<VerifyResponse> {
  const { task_idx } = validate(AviaryTask, { task_idx: (row as { task_idx?: unknown }).task_idx });
  const seed = await environmentCall(deps, "/seed_session", { task_idx }, AviarySeedResponse);
  let episode: Episode;
  try {
    episode = await play(row, seed, deps);
  } finally {
    await closeEnvironment(deps, seed.env_id);
  }
  const response: AviaryResponse = { ...episode.last, env_id: seed.env_id, group_id: String(task_idx), contains_transitions: deps.config.return_transitions, output: episode.output };
  const verified = await environmentCall(deps, "/verify", { ...row, response }, AviaryVerifyResponse);
  await closeSession(deps);
  // The response's output may be a list per step, which the flat Responses shape does not describe.
  return verified as unknown as VerifyResponse;
}
