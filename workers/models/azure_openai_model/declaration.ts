// azure_openai_model: internal; its concurrency limit holds across isolates through its own router object.
import { declare } from "../../../shared/declaration.ts";
import { AzureOpenaiModelConfig } from "./config.ts";

export default declare({
  kind: "responses_api_models",
  config: AzureOpenaiModelConfig,
  durableObjects: { ROUTER: "FleetRouterDO" },
  public: false,
  signsSessions: false,
  references: [],
});
