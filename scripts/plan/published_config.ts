// What the head publishes as /global_config_dict_yaml, in NeMo Gym's shape: every instance's
// implementation mapping says where it is reached (`host`, `port`), and `head_server` says where
// the head is. NeMo Gym's ServerClient reads exactly these: it calls `http://{host}:{port}` of
// `<instance>.<server_type>.<implementation>`.
import type { Instance } from "../../shared/config/instances.ts";
import { isMapping, setKey } from "../../shared/config/tree.ts";
import type { Mapping } from "../../shared/config/tree.ts";

/** Where a client reaches a Worker: a loopback port, a public URL, or nowhere (internal, deployed). */
export type Address = { host: string; port: number } | { url: string } | "internal";

export const HEAD_SERVER_KEY = "head_server";

function fields(address: Address): Mapping {
  if (address === "internal") return { reachable: false };
  if ("host" in address) return { host: address.host, port: address.port };
  const url = new URL(address.url);
  return { host: url.hostname, port: Number(url.port || (url.protocol === "https:" ? 443 : 80)), url: address.url };
}

/** The config with each instance's address and the head's; the rest as resolved. */
export function publishedConfig(config: Mapping, instances: readonly Instance[], addressOf: (instance: string) => Address, head: Address): Mapping {
  const out = structuredClone(config);
  for (const instance of instances) {
    const implementation = (out[instance.name] as Mapping)[instance.serverType] as Mapping;
    const settings = implementation[instance.implementation];
    const merged: Mapping = isMapping(settings) ? { ...settings } : {};
    for (const [key, value] of Object.entries(fields(addressOf(instance.name)))) setKey(merged, key, value);
    setKey(implementation, instance.implementation, merged);
  }
  setKey(out, HEAD_SERVER_KEY, fields(head));
  return out;
}
