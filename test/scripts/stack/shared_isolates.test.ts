// Which local Workers share an isolate, and the module that gives each instance its own env.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { WorkerSpec } from "../../../scripts/plan/plan.ts";
import { SHARED_INSTANCES, shareIsolates } from "../../../scripts/stack/shared_isolates.ts";

const dir = mkdtempSync(join(tmpdir(), "edge-gym-shared-"));
const bundle = join(dir, "agent.js");
writeFileSync(bundle, "export default {};\n");
const bundles = new Map([["agent.ts", bundle], ["other.ts", join(dir, "other.js")]]);

function spec(name: string, extra: Partial<WorkerSpec> = {}): WorkerSpec {
  return {
    name,
    role: "responses_api_agents",
    instance: name,
    implementation: "simple_agent",
    entry: "agent.ts",
    vars: { INSTANCE_NAME: name, INSTANCE_CONFIG: { resources_server: { name: `${name}_env` } } },
    services: { [`${name.toUpperCase()}_ENV`]: `${name}_env`, POLICY_MODEL: "policy_model" },
    durableObjects: { ROLLOUTS: "RolloutDO" },
    retiredObjects: [],
    foreignObjects: { MONITOR: { className: "MonitorDO", worker: "head" } },
    kv: [],
    containers: [],
    public: true,
    signsSessions: false,
    ...extra,
  };
}

describe("shareIsolates", () => {
  test("instances of one implementation share a Worker: bindings united, vars and objects per instance", () => {
    const head = spec("head", { role: "head", implementation: "head", entry: "other.ts" });
    const a = spec("math-agent");
    const b = spec("math.agent", { port: 9001 });
    const lone = spec("judge", { implementation: "tool_simulation_agent", entry: "other.ts" });
    const { alone, shared, placement } = shareIsolates([head, a, b, lone], bundles);
    expect(alone.map((s) => s.name)).toEqual(["head", "judge"]);
    expect(shared).toHaveLength(1);
    const group = shared[0]!;
    // Names made identifiers, and unique however alike.
    expect(placement.get("math-agent")).toEqual({ worker: group.name, http: "Http__math_agent", rpc: "Rpc__math_agent", id: "math_agent" });
    expect(placement.get("math.agent")).toMatchObject({ http: "Http__math_agent_2", id: "math_agent_2" });
    expect(group.services).toEqual({ "MATH-AGENT_ENV": "math-agent_env", "MATH.AGENT_ENV": "math.agent_env", POLICY_MODEL: "policy_model" });
    expect(group.durableObjects).toEqual({ ROLLOUTS__math_agent: "RolloutDO__math_agent", ROLLOUTS__math_agent_2: "RolloutDO__math_agent_2" });
    expect(group.foreignObjects).toEqual(a.foreignObjects);
    expect(group.vars[SHARED_INSTANCES]).toEqual({ math_agent: a.vars, math_agent_2: b.vars });
    expect(group.sockets.map((s) => [s.spec.port, s.entrypoint])).toEqual([[undefined, "Http__math_agent"], [9001, "Http__math_agent_2"]]);
    expect(group.modules[1]).toBe(bundle);

    const text = readFileSync(group.modules[0], "utf8");
    expect(text).toContain(`from "./agent.js"`);
    for (const id of ["math_agent", "math_agent_2"]) {
      expect(text).toContain(`export class Http__${id} extends WorkerEntrypoint`);
      expect(text).toContain(`export class Rpc__${id} extends Rpc`);
      expect(text).toContain(`export class RolloutDO__${id} extends RolloutDO`);
    }
    // Each instance's object namespace takes the binding name its code reads.
    expect(text).toContain(`ROLLOUTS: env["ROLLOUTS__" + id]`);
    // Named by its text: the same instances give the same file.
    expect(shareIsolates([head, a, b, lone], bundles).shared[0]!.modules[0]).toBe(group.modules[0]);
  });

  test("a lone instance, resources servers, ones with secrets, and a group whose bindings disagree keep Workers of their own", () => {
    const resources = [spec("r1", { role: "resources_servers", implementation: "mcqa" }), spec("r2", { role: "resources_servers", implementation: "mcqa" })];
    const withSecret = [spec("a", { secrets: { TOKEN: "x" } }), spec("b", { secrets: { TOKEN: "x" } })];
    const disagreeing = [spec("c", { services: { JUDGE: "judge_1" } }), spec("d", { services: { JUDGE: "judge_2" } })];
    for (const specs of [[spec("e")], resources, withSecret, disagreeing]) {
      const { alone, shared, placement } = shareIsolates(specs, bundles);
      expect(alone).toEqual(specs);
      expect(shared).toEqual([]);
      expect(placement.size).toBe(0);
    }
  });
});
