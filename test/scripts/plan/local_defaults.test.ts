// NeMo Gym's config shapes (our own files) that leave the policy endpoint, a sandbox or a model
// instance to the user: a local run fills them with the local stand-ins and says so in one line;
// a deploy's load (not local) stops on them.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ConfigError } from "../../../shared/config/errors.ts";
import { loadConfig } from "../../../scripts/plan/config.ts";
import { planWorkers } from "../../../scripts/plan/plan.ts";

const dir = mkdtempSync(join(tmpdir(), "edge-gym-local-defaults-"));
function file(name: string, text: string): string {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
}

const POLICY = file("vllm_model.yaml", `policy_model:
  responses_api_models:
    vllm_model:
      entrypoint: app.py
      base_url: \${policy_base_url}
      api_key: \${policy_api_key}
      model: \${policy_model_name}
`);

const CODE = file("code_gen.yaml", `code_gen:
  resources_servers:
    code_gen:
      entrypoint: app.py
      num_processes: 8
      unit_test_timeout_secs: 10
code_gen_simple_agent:
  responses_api_agents:
    simple_agent:
      resources_server: {type: resources_servers, name: code_gen}
      model_server: {type: responses_api_models, name: policy_model}
`);

const GENRM = file("genrm_compare.yaml", `genrm_compare_resources_server:
  resources_servers:
    genrm_compare:
      genrm_model_server: {type: responses_api_models, name: genrm_model}
      num_rollouts_per_prompt: 2
genrm_model:
  responses_api_models:
    genrm_model:
      model: \${genrm_model_name}
      vllm_serve_kwargs: {tensor_parallel_size: 4}
genrm_simple_agent_reasoning_off:
  responses_api_agents:
    simple_agent:
      resources_server: {type: resources_servers, name: genrm_compare_resources_server}
      model_server: {type: responses_api_models, name: policy_model_reasoning_off}
`);

// NeMo's judge model shape: an openai_model on a hosted API, its URL a global the user can override.
const JUDGE = file("judge.yaml", `judge_base_url: https://integrate.api.nvidia.com/v1
judge_model_name: openai/gpt-oss-20b
judge_model:
  responses_api_models:
    openai_model:
      entrypoint: app.py
      openai_base_url: \${judge_base_url}
      openai_api_key: null
      openai_model: \${judge_model_name}
`);

const config = (c: { config: Record<string, unknown> }, path: string) => path.split(".").reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], c.config);

describe("local defaults for NeMo Gym's config files", () => {
  test("unset ${policy_*} point at the emulator, with one line saying so", () => {
    const lines: string[] = [];
    const resolved = loadConfig([POLICY, CODE], [], { local: true, log: (line) => lines.push(line) });
    expect(config(resolved, "policy_model.responses_api_models.vllm_model.base_url")).toBe("emulator://local");
    expect(config(resolved, "policy_model.responses_api_models.vllm_model.model")).toBe("edge-gym-emulator");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/policy_base_url=emulator:\/\/local/);
  });

  test("a sandboxed environment without sandbox_url gets the local sandbox", () => {
    const resolved = loadConfig([POLICY, CODE], [], { local: true });
    expect(config(resolved, "code_gen.resources_servers.code_gen.sandbox_url")).toBe("sandbox://local");
    // and plans: the local sandbox is started for it
    expect(() => planWorkers(resolved.instances)).not.toThrow();
  });

  test("a resources server referenced and defined nowhere is the bundled instance of that name (ns_tools' verifiers.math_with_judge)", () => {
    const tools = file("ns_tools.yaml", `ns_tools:
  resources_servers:
    ns_tools:
      entrypoint: app.py
      default_verifier: math_with_judge
      verifiers:
        math_with_judge:
          type: resources_servers
          name: math_with_judge
`);
    const lines: string[] = [];
    const resolved = loadConfig([POLICY, tools], [], { local: true, log: (line) => lines.push(line) });
    expect(resolved.instances.find((i) => i.name === "math_with_judge")).toMatchObject({ serverType: "resources_servers", implementation: "math_with_judge" });
    expect(lines.join("\n")).toMatch(/math_with_judge \(the bundled resources server\)/);
  });

  test("values the user sets are kept", () => {
    const resolved = loadConfig([POLICY, CODE], ["+policy_base_url=http://127.0.0.1:9/v1", "+policy_model_name=mine", "+sandbox_url=http://127.0.0.1:8"], { local: true });
    expect(config(resolved, "policy_model.responses_api_models.vllm_model.base_url")).toBe("http://127.0.0.1:9/v1");
    expect(config(resolved, "code_gen.resources_servers.code_gen.sandbox_url")).toBe("http://127.0.0.1:8");
  });

  test("genrm_compare's shape: a GenRM without base_url and a policy model defined nowhere", () => {
    const resolved = loadConfig([GENRM], [], { local: true });
    expect(config(resolved, "genrm_model.responses_api_models.genrm_model.base_url")).toBe("emulator://local");
    expect(config(resolved, "policy_model_reasoning_off.responses_api_models.vllm_model.base_url")).toBe("emulator://local");
    expect(() => planWorkers(resolved.instances)).not.toThrow();
  });

  test("an environment config without any model config gets the bundled policy model", () => {
    const resolved = loadConfig([CODE], [], { local: true });
    expect(resolved.instances.map((i) => i.name).sort()).toEqual(["code_gen", "code_gen_simple_agent", "policy_model"]);
  });

  test("an OpenAI judge pointed at the emulator runs as vllm_model over it; pointed elsewhere it is kept", () => {
    const lines: string[] = [];
    const resolved = loadConfig([POLICY, CODE, JUDGE], ["++judge_base_url=emulator://local"], { local: true, log: (line) => lines.push(line) });
    expect(config(resolved, "judge_model.responses_api_models.vllm_model")).toMatchObject({ base_url: "emulator://local", model: "openai/gpt-oss-20b" });
    expect(lines[0]).toMatch(/judge_model \(openai_model at emulator:\/\/local: run as vllm_model\)/);
    expect(() => planWorkers(resolved.instances)).not.toThrow();
    // NeMo's imo_proofbench_judge leaves judge_model_name null: the emulator's model then.
    const unnamed = loadConfig([POLICY, CODE, JUDGE], ["++judge_base_url=emulator://local", "++judge_model_name=null"], { local: true });
    expect(config(unnamed, "judge_model.responses_api_models.vllm_model.model")).toBe("edge-gym-emulator");
    process.env.EDGE_GYM_TEST_JUDGE_BASE = "emulator://local";
    try {
      const fromEnv = loadConfig([POLICY, CODE, JUDGE], ["++judge_base_url=${oc.env:EDGE_GYM_TEST_JUDGE_BASE,MISSING}"], { local: true });
      expect(config(fromEnv, "judge_model.responses_api_models.vllm_model.base_url")).toBe("emulator://local");
    } finally {
      delete process.env.EDGE_GYM_TEST_JUDGE_BASE;
    }
    const kept = loadConfig([POLICY, CODE, JUDGE], [], { local: true });
    expect(config(kept, "judge_model.responses_api_models.openai_model.openai_base_url")).toBe("https://integrate.api.nvidia.com/v1");
  });

  test("not local (deploy): nothing is filled in, and the load stops on what is unset", () => {
    expect(() => loadConfig([POLICY, CODE], [])).toThrow(ConfigError);
    expect(() => loadConfig([POLICY, CODE], [])).toThrow(/policy_base_url/);
    expect(() => loadConfig([CODE], [])).toThrow(/policy_model/);
  });
});

describe("the environment a model call names", () => {
  test("is the resources server's implementation, whatever the instance is called", () => {
    const resolved = loadConfig([GENRM], [], { local: true });
    const agent = planWorkers(resolved.instances).find((s) => s.name === "genrm_simple_agent_reasoning_off")!;
    expect(agent.vars.RESOURCES_IMPLEMENTATION).toBe("genrm_compare");
  });
});
