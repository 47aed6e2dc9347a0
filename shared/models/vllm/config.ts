// The fields of a model server on a vLLM fleet (vllm_model, and the servers built on it such as
// genrm_model). base_url, api_key and `gateway` configure the instance's gpu_gateway Worker (the
// declaration brings it along), which owns the fleet and its credentials; the model server reads
// base_url only to tell the emulator from a real fleet, and accepts NeMo Gym's other fields unread.
import { EMULATOR_MODEL, EMULATOR_SCHEME } from "../../fleet/emulator.ts";
import { z } from "../../zod.ts";
import { MaxInputChars } from "../input_budget.ts";

const JsonObject = z.record(z.string(), z.unknown());

const SERVED_MODEL = "set policy_model_name (env.yaml) to the name of the model the endpoints serve";

export const VllmModelFields = z.looseObject({
  model: z.string({ error: `not set: ${SERVED_MODEL}` }).trim().min(1, { error: `blank: ${SERVED_MODEL}` }),
  /** The fleet (one URL or a list), read by the gateway; here only to tell the emulator's from a real one. */
  base_url: z.union([z.string(), z.array(z.string())]).optional(),
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
  max_input_chars: MaxInputChars,
  /** The gateway's settings (gpu_gateway/worker/config.ts), checked there. */
  gateway: JsonObject.optional(),
});

/** The emulator's defaults left in place while base_url points at a real fleet are an error. */
export function checkServedModel<S extends z.ZodType<{ model: string; base_url?: string | string[] | undefined }>>(fields: S): S {
  return fields.refine((c) => c.model !== EMULATOR_MODEL || [c.base_url ?? []].flat().every((url) => url.startsWith(EMULATOR_SCHEME)), {
    error: `is the emulator's model, but base_url points at a real endpoint: ${SERVED_MODEL}`,
    path: ["model"],
  });
}

export const VllmModelConfig = checkServedModel(VllmModelFields);
export type VllmModelConfig = z.infer<typeof VllmModelConfig>;
