// aviary: an aviary-style environment server (NeMo Gym's aviary, played by aviary_agent); each
// environment's state and reward so far live in the session's own SessionDO.
import { resourcesServer } from "../../../shared/declaration.ts";
import { AviaryTask } from "../../../shared/schemas/aviary.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";

/** The task fields of a row this server reads: the environment's index in the dataset. */
export const Task = AviaryTask;

export const AviaryConfig = ResourcesServerConfig.safeExtend({
  /** NeMo's app file names the environment: GSM8k (calculator tool) or HotPotQA (search over the bundled passage store). */
  entrypoint: z.enum(["gsm8k_app.py", "hotpotqa_app.py"], { error: "this aviary server bundles the GSM8k and HotPotQA environments (entrypoint: gsm8k_app.py or hotpotqa_app.py)" }).default("gsm8k_app.py"),
});

export default resourcesServer({ task: Task, config: AviaryConfig, stateful: true });
