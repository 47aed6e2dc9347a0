// NeMo Gym's collection client, pointed at our head, reads the published config the way its
// ServerClient does (NeMo Gym nemo_gym/server_utils.py): GET /global_config_dict_yaml, decode the
// body as JSON to get YAML text, parse it (OmegaConf.create), and call instance `<name>` at
// http://{host}:{port} of its first server type's first implementation
// (get_first_server_config_dict), the head at `head_server`. A missing key fails as OmegaConf does
// ("Missing key host"). This stand-in collects mcqa and example_session_state_mgmt rows through
// the agents' /run and /aggregate_metrics, as ng_collect_rollouts does.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parse } from "yaml";
import { bringUp } from "../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../scripts/stack/up.ts";

const ENVIRONMENTS = ["mcqa", "example_session_state_mgmt"];

class NemoStyleServerClient {
  readonly config: Record<string, any>;

  constructor(config: Record<string, any>) {
    this.config = config;
  }

  static async load(head: { host: string; port: number }): Promise<NemoStyleServerClient> {
    const response = await fetch(`http://${head.host}:${head.port}/global_config_dict_yaml`);
    const yamlText = JSON.parse(await response.text()) as string;
    return new NemoStyleServerClient(parse(yamlText));
  }

  /** get_first_server_config_dict: three levels deep, the first value at each. */
  serverConfig(name: string): { host: string; port: number } {
    const first = (value: Record<string, any>) => Object.values(value)[0] as Record<string, any>;
    const config = first(first(this.config[name]));
    for (const key of ["host", "port"]) if (config[key] === undefined) throw new Error(`ConfigAttributeError: Missing key ${key}`);
    return config as { host: string; port: number };
  }

  post(name: string, path: string, body: unknown): Promise<Response> {
    const { host, port } = this.serverConfig(name);
    return fetch(`http://${host}:${port}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  }
}

let running: RunningStack;
let head: { host: string; port: number };

beforeAll(async () => {
  running = await bringUp({ headPort: 0, only: ENVIRONMENTS.map((e) => `${e}_simple_agent`) });
  const url = new URL(running.stack.headUrl);
  head = { host: url.hostname, port: Number(url.port) };
});
afterAll(async () => {
  await running?.stop();
});

describe("NeMo Gym's client against our head", () => {
  test("head_server and every running instance carry their loopback host and port; secrets stay redacted", async () => {
    const client = await NemoStyleServerClient.load(head);
    expect(client.config.head_server).toEqual(head);
    for (const instance of running.stack.instances) {
      expect(client.serverConfig(instance.name)).toMatchObject({ host: "127.0.0.1", port: instance.port });
    }
    expect(client.config.policy_model.responses_api_models.vllm_model.api_key).not.toBe("emulator");
    expect(client.config.policy_api_key).not.toBe("emulator");
  });

  test("collects mcqa and example_session_state_mgmt rollouts through /run, then /aggregate_metrics", async () => {
    const client = await NemoStyleServerClient.load(head);
    for (const environment of ENVIRONMENTS) {
      const agent = `${environment}_simple_agent`;
      const rows = readFileSync(`workers/resources/${environment}/data/example.jsonl`, "utf8").trim().split("\n").map((l) => JSON.parse(l));
      const results = await Promise.all(rows.map(async (row) => {
        const response = await client.post(agent, "/run", row);
        expect(response.status, environment).toBe(200);
        return (await response.json()) as { reward: number };
      }));
      for (const result of results) expect(result.reward, environment).toBeTypeOf("number");
      const metrics = await client.post(agent, "/aggregate_metrics", { verify_responses: results });
      expect(metrics.status, environment).toBe(200);
      expect(await metrics.json()).toHaveProperty("agent_metrics");
    }
  });
});
