// vllm_model's implementation fields. base_url, api_key and `gateway` configure the instance's
// gpu_gateway Worker (scripts/stack/plan.ts), which owns the fleet and its credentials; the model
// server accepts and ignores them, as it does NeMo Gym's other fields.
import { z } from "../../../shared/zod.ts";

const JsonObject = z.record(z.string(), z.unknown());

export const VllmModelConfig = z.looseObject({
  model: z.string().min(1),
  /** Ask vLLM for token ids and logprobs and put them on the last output item (SPEC "Training token data"). */
  return_token_id_information: z.boolean().default(false),
  /** As in NeMo Gym: the model writes its reasoning into the content between `reasoning_tags`, to be split out. */
  uses_reasoning_parser: z.boolean().default(false),
  reasoning_tags: z.tuple([z.string().min(1), z.string().min(1)]).default(["<think>", "</think>"]),
  /**
   * How reasoning items go back upstream: as the assistant message's `reasoning_content` /
   * `reasoning` fields (vLLM's reasoning parsers), or wrapped in `reasoning_tags` in its content.
   */
  reasoning_upstream: z.enum(["fields", "content_tags"]).default("fields"),
  /** For chat templates that know no developer role. Leading system/developer messages always fold into the system prompt. */
  replace_developer_role_with_system: z.boolean().default(false),
  /** Forced onto every upstream request, over anything the request says (e.g. the trainer's temperature). */
  sampling_overrides: JsonObject.default({}),
  /** Extra upstream fields; a request's `metadata.extra_body` (a JSON object as a string) adds to them. */
  extra_body: JsonObject.default({}),
  /** Passed to the chat template; a request's `metadata.chat_template_kwargs` (JSON) overrides keys. */
  chat_template_kwargs: JsonObject.default({}),
  /** Long generations take minutes. */
  timeout_s: z.number().positive().default(600),
  /** The gateway's settings (gpu_gateway/worker/config.ts), checked there. */
  gateway: JsonObject.optional(),
});
export type VllmModelConfig = z.infer<typeof VllmModelConfig>;
