// The bundled configs name their instances as NeMo Gym's configs do (`arc_agi_resources_server`,
// `mcqa_simple_agent`), and the names they had still mean the same instances: in --environment-like
// selections, references in a user's config and overrides.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { withDependencies } from "../../../shared/config/instances.ts";
import { loadConfig } from "../../../scripts/plan/config.ts";
import { planWorkers } from "../../../scripts/plan/plan.ts";
import { defaultConfigPaths } from "../../../scripts/plan/registry.ts";

// NeMo Gym's instance names for these environments (its resources_servers/<env>/configs/<env>.yaml).
const NEMO_NAMES: Record<string, [resources: string, agent: string]> = {
  arc_agi: ["arc_agi_resources_server", "arc_agi_simple_agent"],
  bird_sql: ["bird_sql_resources_server", "bird_sql_simple_agent"],
  example_multi_step: ["example_multi_step_resources_server", "example_multi_step_simple_agent"],
  example_session_state_mgmt: ["example_session_state_mgmt_resources_server", "example_session_state_mgmt_simple_agent"],
  genrm_compare: ["genrm_compare_resources_server", "genrm_simple_agent"],
  spider2_lite: ["spider2_lite_resources_server", "spider2_lite_simple_agent"],
  mcqa: ["mcqa", "mcqa_simple_agent"],
  code_gen: ["code_gen", "code_gen_simple_agent"],
};

const bundled = loadConfig(undefined, []);

describe("the bundled configs use NeMo Gym's instance names", () => {
  test.each(Object.entries(NEMO_NAMES))("%s", (implementation, [resources, agent]) => {
    const server = bundled.instances.find((i) => i.name === resources);
    expect(server).toMatchObject({ serverType: "resources_servers", implementation });
    const agentInstance = bundled.instances.find((i) => i.name === agent);
    expect(agentInstance?.config.resources_server).toEqual({ type: "resources_servers", name: resources });
  });
});

describe("the old names still mean them", () => {
  test("selecting an instance and what it references", () => {
    expect(withDependencies(bundled.instances, ["arc_agi"]).map((i) => i.name)).toEqual(["arc_agi_resources_server"]);
  });

  test("an override under the old name changes the instance", () => {
    const resolved = loadConfig(undefined, ["arc_agi.resources_servers.arc_agi.domain=games", "++bird_sql.resources_servers.bird_sql.sql_execution_timeout_s=3"]);
    const server = (name: string) => resolved.instances.find((i) => i.name === name)!;
    expect(server("arc_agi_resources_server").config.domain).toBe("games");
    expect(server("bird_sql_resources_server").config.sql_execution_timeout_s).toBe(3);
    expect(resolved.instances.some((i) => i.name === "arc_agi" || i.name === "bird_sql")).toBe(false);
  });

  test("a user's agent referencing the old name is bound to the renamed instance's Worker", () => {
    const dir = mkdtempSync(join(tmpdir(), "edge-gym-names-"));
    const mine = join(dir, "mine.yaml");
    writeFileSync(mine, "my_agent:\n  responses_api_agents:\n    simple_agent:\n      resources_server: {type: resources_servers, name: arc_agi}\n      model_server: {type: responses_api_models, name: policy_model}\n");
    const resolved = loadConfig([...defaultConfigPaths(), mine], []);
    const specs = planWorkers(withDependencies(resolved.instances, ["my_agent"]), 0);
    const agent = specs.find((s) => s.name === "my_agent")!;
    expect(agent.services.ARC_AGI).toBe("arc_agi_resources_server");
    expect(agent.vars.RESOURCES_IMPLEMENTATION).toBe("arc_agi");
  });

  test("a reference the config leaves out is bound to its schema's default (verifif's judge: the policy model)", () => {
    const dir = mkdtempSync(join(tmpdir(), "edge-gym-names-"));
    const mine = join(dir, "mine.yaml");
    writeFileSync(mine, "my_verifif:\n  resources_servers:\n    verifif:\n      judge_base_url: http://127.0.0.1:1/v1\n");
    const resolved = loadConfig([...defaultConfigPaths(), mine], []);
    const specs = planWorkers(withDependencies(resolved.instances, ["my_verifif", "policy_model"]), 0);
    expect(specs.find((s) => s.name === "my_verifif")!.services.POLICY_MODEL).toBe("policy_model");
  });
});
