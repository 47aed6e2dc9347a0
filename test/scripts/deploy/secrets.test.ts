// Secrets leave a Worker's vars at deploy (they would show in the dashboard) and come back in the
// Worker: what splitSecrets moves to `X_SECRETS`, instanceConfig merges into `X` again.
import { describe, expect, test } from "vitest";
import { splitSecrets } from "../../../scripts/deploy/secrets.ts";
import { instanceConfig, mergeSecrets } from "../../../shared/server/instance_config.ts";
import { z } from "../../../shared/zod.ts";

const config = {
  base_url: ["http://gpu-1/v1", "http://gpu-2/v1"],
  api_key: "sk-live-123",
  gateway: { admin_token: "adm-456", max_in_flight: 8, health: { secret_header: "h-789", interval_s: 5 } },
  fleet: [{ url: "http://a", password: "p-a" }, { url: "http://b" }],
  retries: 3,
};

describe("deploy secrets round trip", () => {
  test("the vars keep no secret; merging the secret back gives the config as configured", () => {
    const { vars, secrets } = splitSecrets({ INSTANCE_NAME: "policy_model", INSTANCE_CONFIG: config });
    const shown = JSON.stringify(vars);
    for (const secret of ["sk-live-123", "adm-456", "h-789", "p-a"]) expect(shown).not.toContain(secret);
    expect(Object.keys(secrets)).toEqual(["INSTANCE_CONFIG_SECRETS"]);
    expect(mergeSecrets(vars.INSTANCE_CONFIG, JSON.parse(secrets.INSTANCE_CONFIG_SECRETS!))).toEqual(config);
  });

  test("instanceConfig validates the merged config, and a secret that is not JSON is a 500 that does not quote it", () => {
    const { vars, secrets } = splitSecrets({ INSTANCE_CONFIG: config });
    const schema = z.looseObject({ api_key: z.string(), gateway: z.looseObject({ admin_token: z.string() }) });
    const env = { INSTANCE_CONFIG: vars.INSTANCE_CONFIG, INSTANCE_CONFIG_SECRETS: secrets.INSTANCE_CONFIG_SECRETS, INSTANCE_NAME: "policy_model" };
    expect(instanceConfig(env, schema)).toMatchObject({ api_key: "sk-live-123", gateway: { admin_token: "adm-456" } });
    let thrown: unknown;
    try {
      instanceConfig({ INSTANCE_CONFIG: {}, INSTANCE_CONFIG_SECRETS: "sk-not-json", INSTANCE_NAME: "x" }, schema);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toMatchObject({ status: 500, type: "misconfigured" });
    expect((thrown as Error).message).toContain("INSTANCE_CONFIG_SECRETS");
    expect((thrown as Error).message).not.toContain("sk-not-json");
  });

  test("a __proto__ key in the secrets stays a key", () => {
    const merged = mergeSecrets({ a: 1 }, JSON.parse('{"__proto__": {"token": "t"}}')) as Record<string, unknown>;
    expect(Object.hasOwn(merged, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).token).toBeUndefined();
  });
});
