// equivalence_llm_judge: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig, ServerRef } from "../../../shared/schemas/config.ts";
import { JudgeCallSettings } from "../../../shared/verifiers/judge.ts";

export const JudgeConfig = ResourcesServerConfig.safeExtend({
  judge_model_server: ServerRef,
  ...JudgeCallSettings,
});

export default resourcesServer({ config: JudgeConfig, stateful: false, references: ["judge_model_server"] });
