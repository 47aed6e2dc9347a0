// openai_model's implementation fields, named as in NeMo Gym's openai_model.
import { MaxInputChars } from "../../../shared/models/input_budget.ts";
import { z } from "../../../shared/zod.ts";

export const OpenaiModelConfig = z.looseObject({
  /** An OpenAI-compatible API base, e.g. https://api.openai.com/v1: requests go to `<base>/responses`. */
  openai_base_url: z.url(),
  openai_api_key: z.string().nullish(),
  /** The model every request runs on, whatever the body names. */
  openai_model: z.string().min(1),
  openai_default_headers: z.record(z.string(), z.string()).default({}),
  /** Extra request fields, under the request's own. */
  extra_body: z.record(z.string(), z.unknown()).default({}),
  /** Upstream requests at once, across every isolate of this server; more wait their turn. Unset: no limit. */
  max_concurrent_requests: z.number().int().positive().nullish(),
  timeout_s: z.number().positive().default(600),
  max_input_chars: MaxInputChars,
});
export type OpenaiModelConfig = z.infer<typeof OpenaiModelConfig>;
