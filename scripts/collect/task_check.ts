// Every row's task fields, checked before anything runs: an agent's environment is the resources
// server its config names (as the head publishes it), and when this checkout declares that
// implementation, its task schema is known here, so a row missing a field the environment needs
// is refused with its line, not at /verify after a rollout was spent on it. The declaration also
// says whether the environment scores a task's rollouts together (cohort.ts).
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
 * Agent name -> the declaration of its environment, for the agents whose environment this checkout
 * declares. A head that publishes no config (not ours) leaves them unknown: rows are then left to
 * /verify, and no environment scores cohorts.
 */
export async function agentEnvironments(headUrl: string, authToken: string | undefined, instances: readonly InstanceInfo[], agents: readonly string[]): Promise<Map<string, ResourcesDeclaration>> {
  const config = await publishedConfig(headUrl, authToken).catch(() => ({}) as Mapping);
  const environments = new Map<string, ResourcesDeclaration>();
  for (const agent of agents) {
    const resources = first(first(config[agent]))?.resources_server as { name?: unknown } | undefined;
    const instance = instances.find((i) => i.name === resources?.name && i.server_type === "resources_servers");
    const declared = IMPLEMENTATIONS.find((i) => i.kind === "resources_servers" && i.name === instance?.implementation)?.declaration as ResourcesDeclaration | undefined;
    if (declared) environments.set(agent, declared);
  }
  return environments;
}

/** Agent name -> the row schema of its environment. */
export function rowSchemas(environments: ReadonlyMap<string, ResourcesDeclaration>): Map<string, z.ZodType> {
  return new Map([...environments].map(([agent, declared]) => [agent, RunRequest.safeExtend(declared.task.shape)]));
}
