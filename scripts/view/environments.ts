// A rollouts line names its agent, not its environment: the bundled config says which resources
// server each of its agents uses, which covers what `edge-gym eval` writes. An agent of another
// config has no environment here (null), as the summary allows.
import { loadConfig } from "../plan/config.ts";

export function bundledEnvironments(): (agent: string) => string | null {
  const environments = new Map<string, string>();
  try {
    for (const instance of loadConfig(undefined, []).instances) {
      const resources = (instance.config.resources_server as { name?: unknown } | undefined)?.name;
      if (instance.serverType === "responses_api_agents" && typeof resources === "string") environments.set(instance.name, resources);
    }
  } catch {
    // A config that does not load (an env.yaml with a mistake) names no environment: the viewer works without.
  }
  return (agent) => environments.get(agent) ?? null;
}
