// Implementation names from NeMo Gym's own configs: `non_executing_simple_agent` (structured_outputs
// v4's agent) is simple_agent with its tool calls recorded and never run, whatever else is set.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { loadConfig } from "../../../scripts/plan/config.ts";
import { planWorkers } from "../../../scripts/plan/plan.ts";
import { findImplementation } from "../../../scripts/plan/registry.ts";

test("non_executing_simple_agent runs simple_agent's Worker with execute_tool_calls fixed to false", () => {
  const path = join(mkdtempSync(join(tmpdir(), "edge-gym-alias-")), "config.yaml");
  writeFileSync(
    path,
    [
      "structured_outputs_agent:",
      "  responses_api_agents:",
      "    non_executing_simple_agent:",
      "      resources_server: {type: resources_servers, name: structured_outputs}",
      "      model_server: {type: responses_api_models, name: policy_model}",
      "      execute_tool_calls: true",
    ].join("\n"),
  );
  const { instances } = loadConfig(["gpu_gateway/emulator/config.yaml", "workers/models/vllm_model/config.yaml", "workers/resources/structured_outputs/config.yaml", path], []);
  const agent = planWorkers(instances, 0).find((s) => s.name === "structured_outputs_agent")!;
  expect(agent.implementation).toBe("non_executing_simple_agent");
  expect(agent.entry).toBe(findImplementation("responses_api_agents", "simple_agent").entry);
  expect(agent.vars.INSTANCE_CONFIG).toMatchObject({ execute_tool_calls: false });
  expect(agent.durableObjects).toEqual({ ROLLOUTS: "RolloutDO" });
});
