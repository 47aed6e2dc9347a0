// genrm_model's implementation fields: vllm_model's, plus whether the model's chat template has a
// principle role. NeMo Gym's fields for starting vLLM itself (hf_home, vllm_serve_kwargs, ...) are
// accepted unread: here the fleet is served elsewhere and reached through the gateway.
import { VllmModelFields, checkServedModel } from "../../../shared/models/vllm/config.ts";
import { z } from "../../../shared/zod.ts";

export const GenrmModelConfig = checkServedModel(
  VllmModelFields.extend({
    /** The template renders a `principle` message (principle-following GenRMs); without it, principles are dropped. */
    supports_principle_role: z.boolean().default(true),
  }),
);
export type GenrmModelConfig = z.infer<typeof GenrmModelConfig>;
