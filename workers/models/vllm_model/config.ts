// vllm_model's implementation fields. base_url / api_key and NeMo Gym's other fields are accepted
// and ignored: the gateway owns the fleet and its credentials.
import { z } from "../../../shared/zod.ts";

export const VllmModelConfig = z.looseObject({
  model: z.string().min(1),
  /** Ask vLLM for token ids and logprobs and put them on the last output item (SPEC "Training token data"). */
  return_token_id_information: z.boolean().default(false),
  /** As in NeMo Gym: the model writes `<think>…</think>` into its content, to be split out as reasoning. */
  uses_reasoning_parser: z.boolean().default(false),
  /** Long generations take minutes. */
  timeout_s: z.number().positive().default(600),
});
export type VllmModelConfig = z.infer<typeof VllmModelConfig>;
