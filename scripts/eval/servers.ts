// The servers reverify and aggregate talk to: a running stack found through its head (`--head-url`,
// as collect finds one), or a local stack started for the command from the config and stopped after.
// Rows name their agent; /verify and /aggregate_metrics are the agent's resources server's (NeMo asks
// the resources server directly: the agent need not run, and no model is called).
import { call } from "../../shared/client/call.ts";
import { bearer, serverInstances } from "../collect/head.ts";
import type { InstanceInfo } from "../collect/head.ts";
import { first, publishedConfig } from "../collect/task_check.ts";

export interface Servers {
  headers: Record<string, string>;
  /** The URL of the resources server that scores `agent`'s rollouts. */
  resourcesUrl(agent: string): string;
  /** The name of that resources server. */
  resourcesOf(agent: string): string;
  stop(): Promise<void>;
}

export interface ReachOptions {
  headUrl?: string;
  authToken?: string;
  configPaths?: string[];
  overrides?: string[];
  /** The agents the rollouts name: a local stack starts only them and what they reference. */
  agents: string[];
  log?: (line: string) => void;
}

/** Agent -> resources server, as the config binds them; a config of one resources server and no agents routes every row to it (NeMo's rule). */
export function routing(config: Record<string, unknown>, instances: readonly InstanceInfo[]): (agent: string) => string {
  const resources = instances.filter((i) => i.server_type === "resources_servers").map((i) => i.name);
  const hasAgents = instances.some((i) => i.server_type === "responses_api_agents");
  return (agent) => {
    const bound = (first(first(config[agent]))?.resources_server as { name?: unknown } | undefined)?.name;
    if (typeof bound === "string" && resources.includes(bound)) return bound;
    if (!hasAgents && resources.length === 1) return resources[0]!;
    throw new Error(`no resources server for agent "${agent}": ${hasAgents ? "the stack's config binds none to it" : `the stack has ${resources.length} resources servers and no agent to route by`}`);
  };
}

async function discover(headUrl: string, authToken: string | undefined, stop: () => Promise<void>): Promise<Servers> {
  const instances = await serverInstances(headUrl, authToken);
  const config = await publishedConfig(headUrl, authToken).catch(() => ({}));
  const resourcesOf = routing(config, instances);
  return {
    headers: bearer(authToken),
    resourcesOf,
    resourcesUrl(agent) {
      const name = resourcesOf(agent);
      const url = instances.find((i) => i.name === name)?.url;
      if (!url) throw new Error(`resources server "${name}" has no address the head publishes (a deployed stack's internal instance)`);
      return url;
    },
    stop,
  };
}

export async function reach(options: ReachOptions): Promise<Servers> {
  if (options.headUrl) return discover(options.headUrl, options.authToken, async () => {});
  // Loaded only here: the stack's modules weigh ~90 MB.
  const { bringUp } = await import("../stack/up.ts");
  const running = await bringUp({ configPaths: options.configPaths, overrides: options.overrides, headPort: 0, only: options.agents, log: options.log ?? (() => {}) });
  try {
    return await discover(running.stack.headUrl, undefined, () => running.stop());
  } catch (err) {
    await running.stop();
    throw err;
  }
}

/** GET <resources>/reverify_mode (NeMo: `stateless`, `unsupported` or `unknown`); a server without the route is `unknown`, NeMo's default. */
export async function reverifyMode(url: string, name: string, headers: Record<string, string>): Promise<string> {
  const result = await call({ name, url }, "/reverify_mode", { method: "GET", deadlineMs: 10_000, attempts: 2, headers }).catch(() => undefined);
  if (!result || result.status !== 200) return "unknown";
  try {
    const mode = JSON.parse(result.text) as unknown;
    return typeof mode === "string" ? mode : "unknown";
  } catch {
    return "unknown";
  }
}
