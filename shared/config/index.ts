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

/** `complete`: what the caller adds to the merged config before interpolation (a local run's defaults). */
export function resolveConfig(options: LoadOptions & { complete?: (merged: Mapping) => Mapping }): ResolvedConfig {
  const merged = loadConfig(options);
  const config = interpolate(options.complete ? options.complete(merged) : merged);
  assertNoMissing(config);
  return { config, ...splitInstances(config) };
}
