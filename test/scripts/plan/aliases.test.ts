// Implementation names from NeMo Gym's own configs: `non_executing_simple_agent` (structured_outputs
// v4's agent) is simple_agent with its tool calls recorded and never run, whatever else is set.
// And our own names from before we took NeMo Gym's: `sokoban` is grl_sokoban.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { loadConfig } from "../../../scripts/plan/config.ts";
import { planWorkers } from "../../../scripts/plan/plan.ts";
import { findImplementation } from "../../../scripts/plan/registry.ts";

/** The planned Workers of the bundled model's config, `configs` and a config file of `lines`. */
function plan(configs: string[], lines: string[]) {
  const path = join(mkdtempSync(join(tmpdir(), "edge-gym-alias-")), "config.yaml");
  writeFileSync(path, lines.join("\n"));
  const { instances } = loadConfig(["gpu_gateway/emulator/config.yaml", "workers/models/vllm_model/config.yaml", ...configs, path], []);
  return planWorkers(instances, 0);
}

test("non_executing_simple_agent runs simple_agent's Worker with execute_tool_calls fixed to false", () => {
  const planned = plan(
    ["workers/resources/structured_outputs/config.yaml"],
    [
      "structured_outputs_agent:",
      "  responses_api_agents:",
      "    non_executing_simple_agent:",
      "      resources_server: {type: resources_servers, name: structured_outputs}",
      "      model_server: {type: responses_api_models, name: policy_model}",
      "      execute_tool_calls: true",
    ],
  );
  const agent = planned.find((s) => s.name === "structured_outputs_agent")!;
  expect(agent.implementation).toBe("non_executing_simple_agent");
  expect(agent.entry).toBe(findImplementation("responses_api_agents", "simple_agent").entry);
  expect(agent.vars.INSTANCE_CONFIG).toMatchObject({ execute_tool_calls: false });
  expect(agent.durableObjects).toEqual({ ROLLOUTS: "RolloutDO" });
});

test("a config whose resources server is implementation `sokoban` (grl_sokoban's name before) runs grl_sokoban's Worker", () => {
  const planned = plan(
    [],
    [
      "sokoban:",
      "  resources_servers:",
      "    sokoban:",
      "      domain: games",
      "sokoban_gymnasium_agent:",
      "  responses_api_agents:",
      "    gymnasium_agent:",
      "      resources_server: {type: resources_servers, name: sokoban}",
      "      model_server: {type: responses_api_models, name: policy_model}",
    ],
  );
  const server = planned.find((s) => s.name === "sokoban")!;
  expect(server.implementation).toBe("sokoban");
  expect(server.entry).toBe(findImplementation("resources_servers", "grl_sokoban").entry);
  expect(server.durableObjects).toEqual({ SESSIONS: "SessionDO" });
  expect(planned.map((s) => s.name)).toContain("sokoban_gymnasium_agent");
});
