// azure_openai_model's implementation fields, named as in NeMo Gym's azure_openai_model.
import { MaxInputChars } from "../../../shared/models/input_budget.ts";
import { z } from "../../../shared/zod.ts";

export const AzureOpenaiModelConfig = z.looseObject({
  /** The Azure OpenAI endpoint (https://<resource>.openai.azure.com, or a gateway in front of one). */
  openai_base_url: z.url(),
  /** Sent as the `api-key` header. */
  openai_api_key: z.string().min(1),
  /** The deployment: requests go to `<openai_base_url>/openai/deployments/<openai_model>/...`. */
  openai_model: z.string().min(1),
  /** The query of every request; Azure requires `api-version` (e.g. 2024-10-21). */
  default_query: z.object({ "api-version": z.string().min(1) }).catchall(z.string()),
  /** Upstream requests at once, across every isolate of this server; more wait their turn. */
  num_concurrent_requests: z.number().int().positive().default(8),
  timeout_s: z.number().positive().default(600),
  max_input_chars: MaxInputChars,
});
export type AzureOpenaiModelConfig = z.infer<typeof AzureOpenaiModelConfig>;
