// The config library: load -> interpolate -> check for `???` -> split and check instances.
import { splitInstances, type Instance } from "./instances.ts";
import { assertNoMissing, interpolate } from "./interpolate.ts";
import { loadConfig, type LoadOptions } from "./load.ts";
import type { Mapping } from "./tree.ts";

export { ConfigError } from "./errors.ts";
export { redactSecrets } from "./redact.ts";
export type { Instance, LoadOptions, Mapping };

export interface ResolvedConfig {
  /** The whole resolved config: globals and instances, as NeMo Gym's global config dict. */
  config: Mapping;
  globals: Mapping;
  instances: Instance[];
}

export function resolveConfig(options: LoadOptions): ResolvedConfig {
  const config = interpolate(loadConfig(options));
  assertNoMissing(config);
  return { config, ...splitInstances(config) };
}
