// One episode, as NeMo Gym's gymnasium_agent plays it: POST /reset with the row (its observation,
// if any, becomes a user message after the row's prompt), then model call -> POST /step, again,
// until a step ends the episode or max_steps model calls have run (the episode is then
// truncated). The reward is the sum of the step rewards. POST /close when the server supports it,
// however the episode went.
import { callResources } from "../../../shared/agents/hops.ts";
import type { AgentHops } from "../../../shared/agents/hops.ts";
import { callModel, inputItems } from "../../../shared/agents/model.ts";
import { serverFailure } from "../../../shared/agents/server_failure.ts";
import { answerError, hopError, jsonOf } from "../../../shared/client/call.ts";
import type { CallResult } from "../../../shared/client/call.ts";
import { INVALID_ACTION, ResetResponse, StepResponse, ToolOutputs } from "../../../shared/schemas/episode.ts";
import type { EpisodeResult } from "../../../shared/schemas/episode.ts";
import { addUsage, emptyUsage } from "../../../shared/schemas/responses.ts";
import type { Item, ResponseObject } from "../../../shared/schemas/responses.ts";
import type { RunRequest } from "../../../shared/schemas/run.ts";
import { HttpError } from "../../../shared/server/errors.ts";
import { z } from "../../../shared/zod.ts";

export interface EpisodeDeps extends AgentHops {
  maxSteps: number;
}

const userMessage = (content: string): Item => ({ type: "message", role: "user", content });

const Refusal = z.object({ error: z.object({ type: z.literal(INVALID_ACTION), message: z.string() }) });

/** A step the server refused because the model's turn named no action: the message, else undefined. */
function refusedAction(result: CallResult): string | undefined {
  if (result.status !== 400) return undefined;
  let body = result.body;
  try {
    body ??= JSON.parse(result.text);
  } catch {
    return undefined;
  }
  const parsed = Refusal.safeParse(body);
  return parsed.success ? parsed.data.error.message : undefined;
}

/**
 * A reset or step, answered and parsed. A row the server refuses at reset is the caller's bad
 * input (a 400 naming the fields). A step refused as an invalid action is the model's turn: the
 * episode ends there, truncated, that step scoring 0 (the reference fails the rollout instead,
 * which would let a policy drop its own sample). Any other failure is the server's, and the
 * rollout ends without a reward.
 */
async function episodeCall<S extends z.ZodType>(deps: EpisodeDeps, path: "/reset" | "/step", body: unknown, schema: S): Promise<z.infer<S>> {
  const hop = `${deps.resources.name}${path}`;
  const result = await callResources(deps, path, body);
  if (path === "/reset" && result.status >= 400 && result.status < 500) throw answerError(result, hop);
  const refused = path === "/step" ? refusedAction(result) : undefined;
  if (refused !== undefined) return StepResponse.parse({ truncated: true, info: { action_is_valid: false, [INVALID_ACTION]: refused } }) as z.infer<S>;
  if (result.status < 200 || result.status >= 300) throw serverFailure(hop, result, "episode_failed");
  const parsed = schema.safeParse(jsonOf(result, hop));
  if (!parsed.success) throw hopError(502, hop, `${hop} answered a body that is not a ${path.slice(1)} answer: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/** The function_call_output items a tool-calling environment's step hands back in `info.tool_outputs`. */
function toolOutputs(step: StepResponse, hop: string): Item[] {
  const parsed = ToolOutputs.safeParse(step.info.tool_outputs ?? []);
  if (!parsed.success) throw hopError(502, hop, `${hop} answered info.tool_outputs that are not [{call_id, output}]: ${parsed.error.issues[0]?.message}`);
  return parsed.data.map(({ call_id, output }) => ({ type: "function_call_output", call_id, output }));
}

async function play(row: RunRequest, reset: ResetResponse, deps: EpisodeDeps): Promise<EpisodeResult> {
  const params = row.responses_create_params;
  const input = reset.observation ? [...inputItems(params), userMessage(reset.observation)] : inputItems(params);
  const produced: Item[] = [];
  const stepRewards: number[] = [];
  let usage = emptyUsage();
  let last: ResponseObject | undefined;
  let step: StepResponse | undefined;
  let ended = false;
  while (!ended && stepRewards.length < deps.maxSteps) {
    last = await callModel(params, [...input, ...produced], deps);
    usage = addUsage(usage, last.usage);
    produced.push(...last.output);
    step = await episodeCall(deps, "/step", { ...row, response: last }, StepResponse);
    stepRewards.push(step.reward);
    ended = step.terminated || step.truncated;
    if (!ended) {
      produced.push(...toolOutputs(step, `${deps.resources.name}/step`));
      if (step.observation) produced.push(userMessage(step.observation));
    }
  }
  // max_steps is at least 1, so there was a turn and a step.
  return {
    ...row,
    responses_create_params: { ...params, input },
    response: { ...last!, output: produced, usage },
    reward: stepRewards.reduce((sum, r) => sum + r, 0),
    terminated: step!.terminated,
    // Out of steps with the episode still open: cut short, as the reference marks it.
    truncated: step!.truncated || !ended,
    info: step!.info,
    step_rewards: stepRewards,
  };
}

async function close(deps: EpisodeDeps): Promise<void> {
  const hop = `${deps.resources.name}/close`;
  const result = await callResources(deps, "/close", {});
  if (result.status < 200 || result.status >= 300) throw answerError(result, hop);
}

export async function runEpisode(row: RunRequest, deps: EpisodeDeps): Promise<EpisodeResult> {
  const reset = await episodeCall(deps, "/reset", row, ResetResponse);
  const closes = reset.info.supports_explicit_close === true;
  let result: EpisodeResult;
  try {
    result = await play(row, reset, deps);
  } catch (err) {
    // The caller hears the rollout's failure; a close failing as well is only logged.
    if (closes) await close(deps).catch((e: Error) => console.warn(`close after a failed episode failed: ${e.message}`));
    throw err;
  }
  if (!closes) return result;
  try {
    await close(deps);
    return result;
  } catch (err) {
    // The episode is scored already; the session's expiry frees what the close could not.
    const error_type = err instanceof HttpError ? err.type : (err as Error).name;
    return { ...result, info: { ...result.info, cleanup_warning: { operation: "close", error_type, message: (err as Error).message } } };
  }
}
