// gpu_gateway: internal, one per vllm_model instance (vllm_model's declaration brings it along),
// with the fleet's routing state in its own FleetRouterDO.
import { declare } from "../../shared/declaration.ts";
import { GatewayConfig } from "./config.ts";

export default declare({
  kind: "gpu_gateway",
  config: GatewayConfig,
  durableObjects: { ROUTER: "FleetRouterDO" },
  public: false,
  signsSessions: false,
  references: [],
});
