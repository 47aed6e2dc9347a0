// What a model server on a vLLM fleet declares (vllm_model, genrm_model): internal, signs its
// session cookie (sticky routing), and brings its own gpu_gateway Worker, which owns the fleet:
// base_url, api_key and the `gateway` settings configure it; the model server binds its router
// object too, and relays to the fleet itself (fleet.ts).
import { declare } from "../../declaration.ts";
import type { Declaration } from "../../declaration.ts";
import type { z } from "../../zod.ts";

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : value == null ? [] : [String(value)]);

export function vllmServerDeclaration(config: z.ZodType): Declaration {
  return declare({
    kind: "responses_api_models",
    config,
    durableObjects: {},
    public: false,
    signsSessions: true,
    references: [],
    bindings: ["GATEWAY"],
    companion: {
      implementation: "gpu_gateway",
      kind: "gpu_gateway",
      binding: "GATEWAY",
      name: (instance) => `${instance}_gpu_gateway`,
      // An absent key is left out: a binding's JSON cannot hold undefined.
      config: (config) => ({ ...(config.gateway as object | undefined), endpoints: asList(config.base_url), ...(config.api_key == null ? {} : { api_key: config.api_key }) }),
      sourcePath: (path) => (path[0] === "endpoints" ? ["base_url", ...path.slice(1)] : path[0] === "api_key" ? ["api_key"] : ["gateway", ...path]),
      // The model server relays to the fleet itself, with the gateway's router object (fleet.ts).
      objects: { ROUTER: "FleetRouterDO" },
    },
  });
}
