// NeMo Gym's `gym` flags that pick what a stack runs, shared by `start`, `env start`, `env resolve`
// and `env validate`: `--environment NAME` (its manifest), `--resources-server NAME` and
// `--model-type NAME` (a bundled implementation's config.yaml) join `--config`'s files, and
// `--model`, `--model-url`, `--model-api-key` set the policy model's keys, as NeMo maps them.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { environmentConfigPath } from "../plan/environments.ts";
import { ROOT } from "../plan/registry.ts";
import { UsageError } from "./args.ts";

export const SELECTOR_OPTIONS = {
  config: { type: "string", multiple: true },
  environment: { type: "string", multiple: true },
  "resources-server": { type: "string", multiple: true },
  "model-type": { type: "string", multiple: true },
  model: { type: "string", short: "m" },
  "model-url": { type: "string" },
  "model-api-key": { type: "string" },
} as const;

export const SELECTOR_HELP = "[--config a.yaml ...] [--environment NAME ...] [--resources-server NAME] [--model-type NAME] [-m MODEL] [--model-url URL] [--model-api-key KEY]";

interface SelectorValues {
  config?: string[];
  environment?: string[];
  "resources-server"?: string[];
  "model-type"?: string[];
  model?: string;
  "model-url"?: string;
  "model-api-key"?: string;
}

function bundledConfig(dir: string, flag: string, name: string): string {
  const path = join(ROOT, dir, name, "config.yaml");
  if (!existsSync(path)) throw new UsageError(`${flag} ${name}: no ${dir}/${name}/config.yaml (edge-gym list ${flag.slice(2)}s lists them)`);
  return path;
}

/** The config files the flags name, or undefined when none does (the bundled defaults then). */
export function selectedConfigPaths(values: SelectorValues): string[] | undefined {
  const paths = [
    ...(values.config ?? []),
    ...(values.environment ?? []).map((name) => environmentConfigPath(name)),
    ...(values["resources-server"] ?? []).map((name) => bundledConfig("workers/resources", "--resources-server", name)),
    ...(values["model-type"] ?? []).map((name) => bundledConfig("workers/models", "--model-type", name)),
  ];
  return paths.length ? paths : undefined;
}

/** The policy model's overrides, in the keys NeMo's flags set. */
export function modelOverrides(values: SelectorValues): string[] {
  const keys = { model: "policy_model_name", "model-url": "policy_base_url", "model-api-key": "policy_api_key" } as const;
  return Object.entries(keys).flatMap(([flag, key]) => {
    const value = values[flag as keyof typeof keys];
    return value === undefined ? [] : [`++${key}=${value}`];
  });
}
