// Bodies of the Gymnasium-style episode routes (SPEC "resources": /reset, /step, /close), in
// NeMo Gym's shapes: /reset takes the row and answers {observation, info}; /step takes the row +
// `response` (the model's turn, a Responses object) and answers {observation, reward, terminated,
// truncated, info}. Defaults are the reference's, so a sparse answer reads the same everywhere.
import { z } from "../zod.ts";
import { VerifyRequest } from "./run.ts";

const Info = z.record(z.string(), z.unknown());

export const ResetResponse = z.looseObject({
  /** Shown to the model as a user message before its first turn; null: the row's prompt as is. */
  observation: z.string().nullish(),
  /** `supports_explicit_close: true`: the agent calls POST /close when the episode is over. */
  info: Info.default({}),
});
export type ResetResponse = z.infer<typeof ResetResponse>;

export const StepRequest = VerifyRequest;
export type StepRequest = z.infer<typeof StepRequest>;

export const StepResponse = z.looseObject({
  /** The next user message; null: none (the episode ends, or the model goes on, e.g. after tool outputs). */
  observation: z.string().nullish(),
  reward: z.number().default(0),
  /** Ended by the task itself: solved, lost, answered. */
  terminated: z.boolean().default(false),
  /** Cut short: the environment's step limit. */
  truncated: z.boolean().default(false),
  /** Free-form facts about the step; `tool_outputs` carries a tool-calling environment's answers. */
  info: Info.default({}),
});
export type StepResponse = z.infer<typeof StepResponse>;

/**
 * The error type of a /step refused because the model's turn names no action the environment
 * takes (a 400, as NeMo Gym's servers refuse it). It is the model's answer, not a failure: the
 * agent ends the episode there, scored, so a policy cannot drop its own sample by refusing to play.
 */
export const INVALID_ACTION = "invalid_action";

/** `info.tool_outputs` of a step: the output of each of the model's function calls, by call id. */
export const ToolOutputs = z.array(z.looseObject({ call_id: z.string(), output: z.string() }));

/**
 * gymnasium_agent's /run answer: the verify shape (the row, `response` with every item of the
 * episode, `reward` = the sum of the step rewards) plus how the episode ended and the last step's
 * info; `responses_create_params` is what the model was first called with (the reset observation
 * appended), as NeMo Gym records it.
 */
export const EpisodeResult = VerifyRequest.safeExtend({
  reward: z.number(),
  terminated: z.boolean(),
  truncated: z.boolean(),
  info: Info,
  /** Each step's reward, in order. */
  step_rewards: z.array(z.number()),
});
export type EpisodeResult = z.infer<typeof EpisodeResult>;
