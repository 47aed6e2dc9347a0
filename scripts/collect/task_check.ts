// Every row's task fields, checked before anything runs: an agent's environment is the resources
// server its config names (as the head publishes it), and when this checkout declares that
// implementation, its task schema is known here, so a row missing a field the environment needs
// is refused with its line, not at /verify after a rollout was spent on it.
import { parse } from "yaml";
import { call, jsonOf } from "../../shared/client/call.ts";
import type { ResourcesDeclaration } from "../../shared/declaration.ts";
import { RunRequest } from "../../shared/schemas/run.ts";
import type { z } from "../../shared/zod.ts";
import { IMPLEMENTATIONS } from "../plan/registry.ts";
import { bearer } from "./head.ts";
import type { InstanceInfo } from "./head.ts";

type Mapping = Record<string, unknown>;
const first = (value: unknown): Mapping | undefined =>
  value !== null && typeof value === "object" ? (Object.values(value)[0] as Mapping | undefined) : undefined;

async function publishedConfig(headUrl: string, authToken: string | undefined): Promise<Mapping> {
  const hop = `head ${headUrl}/global_config_dict_yaml`;
  const result = await call({ name: "head", url: headUrl }, "/global_config_dict_yaml", { method: "GET", deadlineMs: 10_000, attempts: 2, headers: bearer(authToken) });
  return parse(jsonOf(result, hop) as string) as Mapping;
}

/**
 * Agent name -> the row schema of its environment, for the agents whose environment this checkout
 * declares. A head that publishes no config (not ours) leaves the rows to /verify.
 */
export async function rowSchemas(headUrl: string, authToken: string | undefined, instances: readonly InstanceInfo[], agents: readonly string[]): Promise<Map<string, z.ZodType>> {
  const config = await publishedConfig(headUrl, authToken).catch(() => ({}) as Mapping);
  const schemas = new Map<string, z.ZodType>();
  for (const agent of agents) {
    const resources = first(first(config[agent]))?.resources_server as { name?: unknown } | undefined;
    const instance = instances.find((i) => i.name === resources?.name && i.server_type === "resources_servers");
    const declared = IMPLEMENTATIONS.find((i) => i.kind === "resources_servers" && i.name === instance?.implementation)?.declaration as ResourcesDeclaration | undefined;
    if (declared) schemas.set(agent, RunRequest.safeExtend(declared.task.shape));
  }
  return schemas;
}
