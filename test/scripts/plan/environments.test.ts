// Environment manifests: where `--environment NAME` finds one, and what a manifest binds.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ConfigError } from "../../../shared/config/errors.ts";
import { environmentConfigPath, manifests, summarize } from "../../../scripts/plan/environments.ts";

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "edge-gym-manifests-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const MANIFEST = `dice:
  resources_servers:
    dice:
      domain: games
      description: Roll.
dice_simple_agent:
  responses_api_agents:
    simple_agent:
      resources_server: {type: resources_servers, name: dice}
      model_server: {type: responses_api_models, name: policy_model}
      datasets:
      - {name: example, type: example, jsonl_fpath: data/example.jsonl}
      - {name: train, type: train, jsonl_fpath: data/train.jsonl, license: MIT}
`;

describe("manifests", () => {
  test("environments/ of the working directory, then of the project, then the bundled resources servers' config.yaml", () => {
    const project = tree({ "workers/resources/dice/config.yaml": MANIFEST, "workers/resources/coin/config.yaml": "coin: {}\n", "environments/coin/config.yaml": "coin: {}\n", "environments/empty/README.md": "no config" });
    const cwd = tree({ "environments/dice/config.yaml": MANIFEST });
    expect(manifests(project, cwd)).toEqual([
      { name: "coin", path: join(project, "environments/coin/config.yaml"), source: "environments" },
      { name: "dice", path: join(cwd, "environments/dice/config.yaml"), source: "environments" },
    ]);
    expect(manifests(project, project).find((m) => m.name === "dice")).toEqual({ name: "dice", path: join(project, "workers/resources/dice/config.yaml"), source: "bundled" });
  });

  test("--environment NAME and NAME/FLAVOR, as NeMo's selector reads them", () => {
    const project = tree({ "workers/resources/dice/config.yaml": MANIFEST, "environments/dice/fast.yaml": "x: 1\n", "environments/dice/nested/config.yaml": "x: 2\n" });
    expect(environmentConfigPath("dice", project, project)).toBe(join(project, "workers/resources/dice/config.yaml"));
    expect(environmentConfigPath("dice/fast", project, project)).toBe(join(project, "environments/dice/fast.yaml"));
    expect(environmentConfigPath("dice/nested", project, project)).toBe(join(project, "environments/dice/nested/config.yaml"));
    expect(() => environmentConfigPath("dic", project, project)).toThrow(ConfigError);
    expect(() => environmentConfigPath("dic", project, project)).toThrow("did you mean dice?");
    expect(() => environmentConfigPath("dice/slow", project, project)).toThrow("no environments/dice/slow");
  });

  test("summarize reads what a manifest binds, as written", () => {
    const root = tree({ "c.yaml": MANIFEST });
    expect(summarize(join(root, "c.yaml"))).toEqual({
      resourcesServers: ["dice"],
      agents: ["dice_simple_agent"],
      datasets: [
        { name: "example", type: "example", jsonl_fpath: "data/example.jsonl" },
        { name: "train", type: "train", jsonl_fpath: "data/train.jsonl", license: "MIT" },
      ],
      domain: "games",
      description: "Roll.",
    });
  });
});
