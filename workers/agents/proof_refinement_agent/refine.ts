// One proof-refinement rollout: generate, verify; while the attempt is not solved, correction
// turns remain and the verifier said what is wrong, add the attempt and that feedback (as a user
// message) to the conversation and generate again. The result is the last attempt's verification,
// its response's usage summed over every attempt, with `total_turns` and, when configured,
// `all_attempts`. The session is seeded once and released at the end.
import type { AgentHops } from "../../../shared/agents/hops.ts";
import { callModel, inputItems } from "../../../shared/agents/model.ts";
import { closeSession, promptedRow, seedSession, verify } from "../../../shared/agents/session.ts";
import { addUsage, emptyUsage } from "../../../shared/schemas/responses.ts";
import type { Item, ResponseObject } from "../../../shared/schemas/responses.ts";
import type { RunRequest, VerifyResponse } from "../../../shared/schemas/run.ts";
import { assistantText } from "../../../shared/verifiers/assistant_text.ts";
import { correctionMessage, feedbackToCorrect } from "./correction.ts";

export interface RefineDeps extends AgentHops {
  maxCorrectionTurns: number;
  includeAllAttempts: boolean;
  feedbackField: string;
  maxReward: number;
  correctionTemplate: string;
}

/** One attempt as NeMo Gym records it, the feedback under the configured field's name. */
interface Attempt {
  turn_index: number;
  input: Item[];
  response: ResponseObject;
  generation: string;
  reward: number | null;
  [feedback: string]: unknown;
}

export async function refine(given: RunRequest, deps: RefineDeps): Promise<VerifyResponse> {
  // No tool runs in this loop: which ones the server would run does not matter; a prompt it made does.
  const row = promptedRow(given, (await seedSession(given, deps)).input);
  const params = row.responses_create_params;
  const attempts: Attempt[] = [];
  let input = inputItems(params);
  let usage = emptyUsage();
  for (let turn = 0; ; turn++) {
    const response = await callModel(params, input, deps);
    usage = addUsage(usage, response.usage);
    // NeMo Gym's verify request carries the turn, for verifiers that word feedback by it.
    const verified = await verify({ ...row, response: { ...response, usage }, turn_index: turn }, deps);
    const feedback = feedbackToCorrect(verified, deps.feedbackField, deps.maxReward);
    const generation = assistantText(response.output);
    attempts.push({ turn_index: turn, input, response, generation, reward: verified.reward ?? null, [deps.feedbackField]: verified[deps.feedbackField] ?? null });
    if (feedback === undefined || turn >= deps.maxCorrectionTurns) {
      await closeSession(deps);
      return { ...verified, total_turns: turn + 1, ...(deps.includeAllAttempts ? { all_attempts: attempts } : {}) };
    }
    // The attempt's items go back unchanged (their token ids included), then the feedback.
    input = [...input, ...response.output, correctionMessage(deps.correctionTemplate, feedback, params)];
  }
}
