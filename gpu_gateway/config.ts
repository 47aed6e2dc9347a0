// GATEWAY_CONFIG: the vLLM fleet behind the gateway. Endpoints are stored as base URLs without
// /v1, since vLLM serves /tokenize beside /v1 rather than under it.
import { z } from "../shared/zod.ts";

const baseUrl = (url: string) => url.replace(/\/+$/, "").replace(/\/v1$/, "");

export const GatewayConfig = z.object({
  endpoints: z.array(z.url()).min(1).transform((urls) => urls.map(baseUrl)),
  api_key: z.string().nullish(),
  /** Long generations take minutes. */
  timeout_s: z.number().positive().default(600),
});
export type GatewayConfig = z.infer<typeof GatewayConfig>;
