// What a deploy publishes to the head's KV (workers/head/keys.ts): the resolved config with its
// secrets redacted (the head redacts again on read; KV never holds a secret), and the instances as
// the deployed head lists them (workers/head/instances.ts).
import { bindingName } from "../../shared/client/targets.ts";
import { redactSecrets } from "../../shared/config/redact.ts";
import type { Instance } from "../../shared/config/instances.ts";
import { GLOBAL_CONFIG_KEY, SERVER_INSTANCES_KEY } from "../../workers/head/keys.ts";
import { ServerInstances } from "../../workers/head/instances.ts";
import type { ServerInstance } from "../../workers/head/instances.ts";
import type { WorkerSpec } from "../plan/plan.ts";
import { publishedConfig } from "../plan/published_config.ts";
import type { Address } from "../plan/published_config.ts";

export interface Published {
  key: string;
  json: string;
}

export function deployedInstances(instances: Instance[], specs: WorkerSpec[], names: Map<string, string>, urls: Map<string, string>): ServerInstance[] {
  const listed = instances.map((instance): ServerInstance => {
    const spec = specs.find((s) => s.name === instance.name)!;
    const url = urls.get(instance.name);
    const domain = instance.config.domain;
    return {
      name: instance.name,
      server_type: instance.serverType,
      implementation: instance.implementation,
      ...(typeof domain === "string" ? { domain } : {}),
      worker: names.get(instance.name)!,
      ...(spec.public ? {} : { binding: bindingName(instance.name) }),
      ...(url ? { url } : {}),
    };
  });
  const checked = ServerInstances.safeParse(listed);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw new Error(`instance ${listed[issue.path[0] as number]?.name}: ${issue.message} (no public URL found in wrangler's output)`);
  }
  return checked.data;
}

/**
 * The keys to publish. In the config, public Workers (agents) are addressed by their public URL
 * and internal ones are marked `reachable: false`: a NeMo Gym client can call only what is public.
 */
export function publishedKeys(config: Record<string, unknown>, resolved: Instance[], instances: ServerInstance[], headUrl: string | undefined): Published[] {
  const address = (url: string | undefined): Address => (url ? { url } : "internal");
  const addressed = publishedConfig(config, resolved, (name) => address(instances.find((i) => i.name === name)?.url), address(headUrl));
  return [
    { key: GLOBAL_CONFIG_KEY, json: JSON.stringify(redactSecrets(addressed)) },
    { key: SERVER_INSTANCES_KEY, json: JSON.stringify(instances) },
  ];
}
